"""Building and running the servers under test, and reading their memory."""

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def run_checked(command, cwd=None):
    log("$ " + " ".join(command))
    subprocess.run(command, cwd=cwd, check=True)


# Without the SwiftSource trait (no swift-syntax: POST /v1/swift answers 501), as the container
# image is built by default: it adds 11 minutes of CPU to a clean release build and no benchmark
# sends Swift source. A scratch directory of its own, so that this build and scripts/serve's
# (with the trait) do not rebuild each other's modules in .build/release.
SERVICE_BUILD = ["-c", "release", "--disable-default-traits", "--scratch-path", ".build-benchmarks"]


def build_service(repo):
    """Release build of the service executable as it ships (static Swift runtime, as in the
    container image); returns its path."""
    run_checked(["swift", "build", *SERVICE_BUILD, "--static-swift-stdlib", "--product", "containment"], cwd=repo)
    path = subprocess.run(
        ["swift", "build", *SERVICE_BUILD, "--show-bin-path"],
        cwd=repo, check=True, capture_output=True, text=True,
    ).stdout.strip()
    return os.path.join(path, "containment")


def build_hello_mhd(source, output_dir):
    """gcc -O2 of the raw libmicrohttpd hello-world; returns the binary's path."""
    os.makedirs(output_dir, exist_ok=True)
    binary = os.path.join(output_dir, "hello-mhd")
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "libmicrohttpd"],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    run_checked(["gcc", "-O2", "-o", binary, source] + flags)
    return binary


def build_hummingbird(package_dir):
    run_checked(["swift", "build", "-c", "release"], cwd=package_dir)
    path = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"],
        cwd=package_dir, check=True, capture_output=True, text=True,
    ).stdout.strip()
    return os.path.join(path, "hello-hummingbird")


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def raise_fd_limit():
    """Lets this process and the servers it starts hold >10,000 sockets."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


class Server:
    """A server process on a loopback port, ready once `ready_path` answers 200."""

    def __init__(self, name, command, port, ready_path="/", log_path=None, ready_timeout=30):
        self.name = name
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        log(f"starting {name}: " + " ".join(command))
        self.log_file = open(log_path, "wb") if log_path else subprocess.DEVNULL
        self.process = subprocess.Popen(command, stdout=self.log_file, stderr=subprocess.STDOUT)
        self._wait_ready(ready_path, ready_timeout)

    def _wait_ready(self, path, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode} while starting")
            try:
                with urllib.request.urlopen(self.base + path, timeout=1) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not answer {path} within {timeout}s")

    def rss_kib(self):
        """Resident set size now, from /proc (KiB)."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def cpu_seconds(self):
        """User + system CPU time the process has used so far (all threads)."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                log(f"{self.name} ignored SIGTERM for 10 s; killing it")
                self.process.kill()
                self.process.wait()
        if self.log_file is not subprocess.DEVNULL:
            self.log_file.close()
        return self.process.returncode
