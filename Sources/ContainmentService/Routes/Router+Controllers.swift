import Containment
import MicroHTTP

extension Router {
    /// Controllers: created detached, read, patched, deleted while detached.
    mutating func addControllerRoutes(_ core: ServiceCore) {
        add("POST", "/v1/trees/{tree}/controllers", accepting: [.json, .yaml]) { (request) throws(Problem) in
            let spec = try request.decodeBody(ControllerSpec.self)
            try FieldLimits.check(spec, field: nil)
            let (controller, events) = try core.mutate(request, .createController(spec)) { (tree, _, _) throws(Problem) in
                try Problem.engine { try tree.controller(spec.id) }
            }
            var response = HTTPResponse.json(
                MutationResponse(events: events, subject: ControllerSubject(controller: controller)),
                status: 201, pretty: request.wantsPrettyJSON)
            response.headers.add(name: "Location", value: "/v1/trees/\(request.parameter("tree"))/controllers/\(spec.id)")
            return .response(response)
        }

        add("GET", "/v1/trees/{tree}/controllers/{controller}") { (request) throws(Problem) in
            .json(
                try core.read(request) { tree throws(Problem) in
                    try Problem.engine { try tree.controller(request.parameter("controller")) }
                }, for: request)
        }

        add("PATCH", "/v1/trees/{tree}/controllers/{controller}") { (request) throws(Problem) in
            let patch = try request.decodeBody(ControllerPatch.self)
            try FieldLimits.check(patch)
            let id = request.parameter("controller")
            let (controller, events) = try core.mutate(request, .updateController(id: id, patch: patch)) { (tree, _, _) throws(Problem) in
                try Problem.engine { try tree.controller(id) }
            }
            return .json(MutationResponse(events: events, subject: ControllerSubject(controller: controller)), for: request)
        }

        add("DELETE", "/v1/trees/{tree}/controllers/{controller}") { (request) throws(Problem) in
            let id = request.parameter("controller")
            let (_, events) = try core.mutate(request, .deleteController(id: id)) { (_, _, _) throws(Problem) in () }
            return .json(MutationResponse(events: events, subject: NoSubject()), for: request)
        }
    }
}
