#if SwiftSource
import Containment
import SwiftSyntax

/// Creating controllers: an id per instance, its stored properties' controllers, and the
/// overrides of its class translated with `self` standing for it.
extension SourceTranslator {
    /// `ClassName(…)`: a new controller, named after what holds it (`hint`).
    func instantiate(_ call: FunctionCallExprSyntax, className: String, hint: String?, _ scope: inout TranslationScope, into calls: inout [LocatedCall])
        throws(SwiftSourceRefusal) -> String
    {
        guard [.launch, .override("viewDidLoad()"), .initializer].contains(scope.place) else {
            throw refusal(
                "\(className)()", call, "A view controller created here would be a new one each time the method runs.",
                supported: "Create controllers in stored properties, an init of the class, viewDidLoad() or the top-level statements.")
        }
        guard program.controllers.count < SwiftSourceLimits.maxControllers else {
            throw SwiftSourceRefusal(
                code: "too_many_controllers", construct: "\(className)()", at: location(call),
                detail: "The source creates more than \(SwiftSourceLimits.maxControllers) view controllers.",
                supported: "At most \(SwiftSourceLimits.maxControllers) controllers.")
        }
        let kind = try kind(ofClass: className, at: location(call))
        var controller = TranslatedController(id: "", className: className, kind: kind, location: location(call))
        let arguments = Self.arguments(of: call)
        let ownInit = try initializer("init(" + arguments.map { ($0.label ?? "_") + ":" }.joined() + ")", of: className, at: call)
        var initValues: [SourceValue] = []
        if ownInit != nil {
            for argument in arguments { initValues.append(try evaluate(argument.expression, &scope, into: &calls, hint: nil)) }
        } else if kind == .navigationController, arguments.map(\.label) == ["rootViewController"] {
            guard case .controller(let root) = try evaluate(arguments[0].expression, &scope, into: &calls, hint: nil) else {
                throw refusal("init(rootViewController:)", arguments[0].expression, "The root must be a view controller.", supported: "A controller value.")
            }
            guard !usedControllers.contains(root), let index = program.controllers.firstIndex(where: { $0.id == root }),
                !program.controllers[index].isNested
            else {
                throw refusal(
                    "init(rootViewController:)", arguments[0].expression, "\(root) is already in use when the navigation controller is created.",
                    supported: "A root controller created for it, not yet added anywhere.")
            }
            program.controllers[index].isNested = true
            usedControllers.insert(root)
            controller.rootViewController = root
        } else if kind == .tabBarController, arguments.map(\.label) == ["tabs"] {
            controller.tabs = try creationTabs(arguments[0].expression, &scope, into: &calls)
        } else if !arguments.isEmpty, arguments.map(\.label) != ["nibName", "bundle"], try !styleInitializer(&controller, arguments, at: call) {
            throw refusal(
                "\(className)(" + arguments.map { "\($0.label ?? "_"):" }.joined() + ")", call, "This initializer is not in the supported subset.",
                supported:
                    "`\(className)()`, `init(nibName: nil, bundle: nil)`, `UINavigationController(rootViewController:)`, `UITabBarController(tabs:)`, `UISplitViewController(style:)`, `UIPageViewController(transitionStyle:navigationOrientation:options:)`."
            )
        }
        // Named once its arguments' controllers are: none of them can take its name then.
        let id = uniqueID(hint ?? Self.lowerCamel(className))
        controller.id = id
        program.controllers.append(controller)
        classOf[id] = className
        guard classes[className] != nil else { return id }
        try createProperties(of: id, className: className)
        let answers = try answers(of: id, className: className)
        if let index = program.controllers.firstIndex(where: { $0.id == id }) { program.controllers[index].propertyAnswers = answers }
        if let (function, declaringClass) = ownInit { try runInitializer(function, declaredBy: declaringClass, of: id, values: initValues) }
        try translateOverrides(of: id, className: className)
        return id
    }

    /// Swift's initialisation order: each class's stored properties, the root class's first.
    func createProperties(of id: String, className: String) throws(SwiftSourceRefusal) {
        properties[id] = [:]
        for sourceClass in chain(of: className) {
            for property in sourceClass.properties {
                guard let initializer = property.initializer else {
                    properties[id]![property.name] = .runtime("self.\(property.name)")
                    continue
                }
                var scope = TranslationScope(selfID: id, className: sourceClass.name, place: .launch)
                var calls: [LocatedCall] = []
                // Earlier properties are in scope (a `lazy var` may use them).
                do {
                    let value = try evaluate(initializer, &scope, into: &calls, hint: property.name)
                    properties[id]![property.name] = value
                } catch {
                    // Refused only if it is used: a label or a model object in a property is fine.
                    properties[id]![property.name] = .runtime("self.\(property.name)")
                    propertyRefusals["\(id).\(property.name)"] = error
                }
                if let first = calls.first {
                    throw SwiftSourceRefusal(
                        construct: "property initializer", at: first.location, detail: "A stored property's initializer makes a UIKit call.",
                        supported: "Initializers that create a controller; calls belong in methods.")
                }
            }
        }
    }

    func translateOverrides(of id: String, className: String) throws(SwiftSourceRefusal) {
        var index = program.controllers.count - 1
        while program.controllers[index].id != id { index -= 1 }
        for (fullName, callback) in UIKitClasses.overridable.sorted(by: { $0.key < $1.key }) {
            guard let (function, declaringClass) = method(fullName, from: className), let body = function.body else { continue }
            var scope = Self.scope(of: function, selfID: id, className: declaringClass, place: .override(fullName))
            Self.bindCallbackArgument(of: function, callback, in: &scope)
            var calls: [LocatedCall] = []
            _ = try translate(Array(body.statements), &scope, into: &calls)
            if UIKitClasses.requiringSuper.contains(fullName), !scope.callsSuper {
                warn(
                    "\(declaringClass).\(fullName) does not call super.\(function.name.text)(_:); Apple's documentation says an override must call super at some point.",
                    at: location(function.name))
            }
            guard calls.count <= 32 else {
                throw refusal(
                    fullName, function.name, "\(fullName) makes \(calls.count) UIKit calls for \(id); an override may make 32.",
                    supported: "At most 32 calls per override (docs/uikit-rules-callbacks.md, rule 40).")
            }
            if !calls.isEmpty { program.controllers[index].overrides[callback.rawValue] = calls }
        }
        try readStoryboardOnlyOverrides(of: id, className: className)
    }

    /// A method UIKit calls: `self` is `id`, and its parameters are values of the run.
    static func scope(of function: FunctionDeclSyntax, selfID id: String, className: String, place: TranslationScope.Place) -> TranslationScope {
        var scope = TranslationScope(selfID: id, className: className, place: place)
        for parameter in function.signature.parameterClause.parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            scope.locals[name] = .runtime(name)
        }
        return scope
    }

    /// Adds a warning once, however many instances share the class that causes it.
    func warn(_ message: String, at place: SwiftSourceLocation) {
        let warning = SwiftSourceWarning(message, at: place)
        if !program.warnings.contains(warning) { program.warnings.append(warning) }
    }

    /// An id the engine accepts (`[A-Za-z0-9._-]{1,64}`), not yet taken, not `window`.
    func uniqueID(_ hint: String) -> String {
        var base = String(hint.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }.prefix(56))
        if base.isEmpty { base = "controller" }
        var candidate = base
        var number = 2
        while candidate == "window" || classOf[candidate] != nil || program.controllers.contains(where: { $0.id == candidate }) {
            candidate = "\(base)\(number)"
            number += 1
        }
        return candidate
    }

    /// `ListViewController` → `listViewController`, `UINavigationController` → `uiNavigationController`.
    static func lowerCamel(_ name: String) -> String {
        let characters = Array(name)
        var upper = characters.prefix { $0.isUppercase }.count
        // Of a run of capitals, the last one starts the next word (`UINavigation`: `UI`, `Navigation`).
        if upper > 1, upper < characters.count { upper -= 1 }
        return String(characters.prefix(upper)).lowercased() + String(characters.dropFirst(upper))
    }

    /// A call's arguments by label, a trailing closure last with the label `nil`.
    static func arguments(of call: FunctionCallExprSyntax) -> [(label: String?, expression: ExprSyntax)] {
        var result = call.arguments.map { (label: $0.label?.text, expression: $0.expression) }
        if let closure = call.trailingClosure { result.append((label: nil, expression: ExprSyntax(closure))) }
        return result
    }
}
#endif
