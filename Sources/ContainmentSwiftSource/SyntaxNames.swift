#if SwiftSource
import SwiftSyntax

/// How refusals name a construct: the Swift grammar's words, not swift-syntax's type names.
enum SyntaxNames {
    static func name(of node: Syntax) -> String {
        if let known = names[node.kind] { return known }
        // `fooBarStmt` → `foo bar statement`, from the kind's own name.
        var words: [String] = [""]
        for character in "\(node.kind)" {
            if character.isUppercase { words.append("") }
            words[words.count - 1] += character.lowercased()
        }
        let long = ["stmt": "statement", "expr": "expression", "decl": "declaration"]
        return words.map { long[$0] ?? $0 }.joined(separator: " ")
    }

    private static let names: [SyntaxKind: String] = [
        .forStmt: "for-in loop", .whileStmt: "while loop", .repeatStmt: "repeat-while loop", .guardStmt: "guard statement",
        .deferStmt: "defer statement", .doStmt: "do statement", .throwStmt: "throw statement", .ifExpr: "if statement",
        .switchExpr: "switch statement", .breakStmt: "break statement", .continueStmt: "continue statement",
        .structDecl: "struct declaration", .enumDecl: "enum declaration", .protocolDecl: "protocol declaration",
        .extensionDecl: "extension", .initializerDecl: "initializer", .deinitializerDecl: "deinitializer",
        .subscriptDecl: "subscript", .typeAliasDecl: "typealias", .actorDecl: "actor declaration",
        .classDecl: "class declaration", .functionDecl: "function declaration", .stringLiteralExpr: "string literal",
        .closureExpr: "closure", .tryExpr: "try expression", .awaitExpr: "await expression", .ternaryExpr: "ternary expression",
        .sequenceExpr: "operator expression", .infixOperatorExpr: "operator expression", .subscriptCallExpr: "subscript",
        .keyPathExpr: "key path", .macroExpansionExpr: "macro expansion", .macroExpansionDecl: "macro expansion",
        .dictionaryExpr: "dictionary literal", .tupleExpr: "tuple", .isExpr: "is expression", .asExpr: "as expression",
        .variableDecl: "variable declaration", .operatorDecl: "operator declaration", .ifConfigDecl: "#if block",
    ]
}
#endif
