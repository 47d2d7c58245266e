#if SwiftSource
import Containment
import SwiftSyntax

/// The source's classes: what they subclass, what their members are, and their instances.
extension SourceTranslator {
    static let supportedMembers =
        "stored properties (`let child = ChildViewController()`, `lazy var`), `override func` of the supported callbacks, `override var` of the supported answers, methods of your own, `init`s that assign stored properties and call `super.init(nibName: nil, bundle: nil)`, and `required init?(coder:)`"

    func collect(_ declaration: ClassDeclSyntax) throws(SwiftSourceRefusal) {
        let name = declaration.name.text
        guard classes[name] == nil, delegateClasses[name] == nil, UIKitClasses.kinds[name] == nil else {
            throw refusal(
                "class declaration", declaration.name, "The class \(name) is declared twice or shadows UIKit's.", supported: "One declaration per class.")
        }
        guard let inherited = declaration.inheritanceClause?.inheritedTypes.first?.type.as(IdentifierTypeSyntax.self)?.name.text else {
            throw refusal(
                "class declaration", declaration.name, "\(name) has no superclass: only view controller classes are translated.",
                supported: "Subclasses of UIViewController, UINavigationController, UITabBarController or of your own such classes.")
        }
        if try collectDelegate(declaration) { return }
        var sourceClass = SourceClass(name: name, superclass: inherited, location: location(declaration.name))
        for member in declaration.memberBlock.members {
            let decl = member.decl
            if let function = decl.as(FunctionDeclSyntax.self) {
                try collect(function, into: &sourceClass)
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                try collect(variable, into: &sourceClass)
            } else if let initializer = decl.as(InitializerDeclSyntax.self), Self.isCoderInit(initializer) {
                continue
            } else if let initializer = decl.as(InitializerDeclSyntax.self), initializer.optionalMark == nil, initializer.body != nil {
                sourceClass.initializers[SourceClass.fullName(initializer)] = initializer
            } else {
                throw refusal(
                    SyntaxNames.name(of: Syntax(decl)), decl, "A \(SyntaxNames.name(of: Syntax(decl))) inside a class is not translated.",
                    supported: Self.supportedMembers)
            }
        }
        classes[name] = sourceClass
    }

    /// `required init?(coder:)`, which Swift makes a subclass with its own designated
    /// initialiser declare; a storyboard-free app never calls it.
    private static func isCoderInit(_ initializer: InitializerDeclSyntax) -> Bool {
        initializer.signature.parameterClause.parameters.map(\.firstName.text) == ["coder"]
    }

    private func collect(_ function: FunctionDeclSyntax, into sourceClass: inout SourceClass) throws(SwiftSourceRefusal) {
        let fullName = SourceClass.fullName(function)
        let overrides = function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
        if overrides, UIKitClasses.overridable[fullName] == nil, !Self.storyboardOnlyOverrides.contains(fullName) {
            throw refusal(
                fullName, function.name, "Overriding \(fullName) is not in the supported subset.", supported: UIKitClasses.supportedOverrides)
        }
        if !overrides, UIKitClasses.overridable[fullName] != nil {
            throw refusal(
                fullName, function.name, "\(fullName) overrides UIKit's method but is not marked `override`.", supported: UIKitClasses.supportedOverrides)
        }
        guard function.body != nil else {
            throw refusal(fullName, function.name, "\(fullName) has no body.", supported: "Methods with a body.")
        }
        sourceClass.methods[fullName] = function
    }

    private func collect(_ variable: VariableDeclSyntax, into sourceClass: inout SourceClass) throws(SwiftSourceRefusal) {
        if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }) {
            for binding in variable.bindings { try collectAnswer(binding, into: &sourceClass) }
            return
        }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, binding.accessorBlock == nil else {
                throw refusal(
                    "computed property", binding, "Computed properties and patterns other than a plain name are not translated.",
                    supported: Self.supportedMembers)
            }
            sourceClass.properties.append(.init(name: name, initializer: binding.initializer?.value, location: location(binding)))
        }
    }

    /// The kind an instance of `name` is: its chain of superclasses up to UIKit's.
    func kind(ofClass name: String, at place: SwiftSourceLocation) throws(SwiftSourceRefusal) -> ControllerKind {
        var current = name
        for _ in 0...classes.count {
            if let kind = UIKitClasses.kinds[current] { return kind }
            guard let sourceClass = classes[current] else {
                throw SwiftSourceRefusal(
                    construct: "superclass \(current)", at: classes[name]?.location ?? place,
                    detail: "\(current) is neither a class of the source nor one of UIKit's view controller classes the subset has.",
                    supported: "Subclasses of " + UIKitClasses.kinds.keys.sorted().joined(separator: ", ") + " or of your own such classes.")
            }
            current = sourceClass.superclass
        }
        throw SwiftSourceRefusal(
            construct: "class declaration", at: classes[name]?.location ?? place, detail: "\(name)'s superclasses form a cycle.",
            supported: "A chain of superclasses ending at UIKit's.")
    }

    /// The method `fullName` as `className` or its nearest superclass of the source declares it.
    func method(_ fullName: String, from className: String?) -> (FunctionDeclSyntax, declaredBy: String)? {
        var current = className
        while let name = current, let sourceClass = classes[name] {
            if let function = sourceClass.methods[fullName] { return (function, name) }
            current = sourceClass.superclass
        }
        return nil
    }

    /// The source classes from the root of `className`'s chain down to it.
    func chain(of className: String) -> [SourceClass] {
        var result: [SourceClass] = []
        var current: String? = className
        while let name = current, let sourceClass = classes[name] {
            result.insert(sourceClass, at: 0)
            current = sourceClass.superclass
        }
        return result
    }
}
#endif
