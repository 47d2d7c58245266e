import Containment
import MicroHTTP
