extension Router {
    /// Every route of the contract in openapi.yaml.
    static func containment(_ core: ServiceCore) -> Router {
        var router = Router()
        router.addSystemRoutes(core)
        router.addInspectorRoutes()
        router.addTreeRoutes(core)
        router.addControllerRoutes(core)
        router.addRecipeRoutes(core)
        router.addCallRoutes(core)
        router.addClockRoutes(core)
        router.addEventRoutes(core)
        router.addScenarioRoutes(core)
        router.addSwiftRoutes(core)
        return router
    }
}
