extension Router {
    /// Every route of the contract in DESIGN.md / openapi.yaml.
    static func containment(_ core: ServiceCore) -> Router {
        var router = Router()
        router.addSystemRoutes(core)
        return router
    }
}
