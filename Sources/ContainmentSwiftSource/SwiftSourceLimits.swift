#if SwiftSource
/// The bounds of one translation (docs/swift.md, "Limits"): the work is proportional to the
/// source, never to what the code would do at run time.
public enum SwiftSourceLimits {
    /// Bytes of source.
    public static let maxSourceBytes = 64 * 1024
    /// Syntax nesting depth (brackets, blocks, expressions inside expressions).
    public static let maxNestingDepth = 64
    /// Controllers the source may create.
    public static let maxControllers = 256
    /// UIKit calls the translation may produce, overrides and launch together.
    public static let maxCalls = 4_096
    /// Methods of the source's own inlined within one another (`displayContentController` called
    /// from `viewDidLoad`, …); deeper is a recursion.
    public static let maxInlineDepth = 16
    /// Seconds the launch may let pass (`RunLoop.main.run(until:)`), in all.
    public static let maxSeconds = 3_600.0
    /// Clock advances spent finishing animations after the last statement.
    public static let maxSettlingSteps = 1_000
}
#endif
