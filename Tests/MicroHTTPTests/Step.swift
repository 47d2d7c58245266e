/// Runs one step of a test, naming it in the error it throws, so a timeout says where.
func step<Value>(_ name: String, _ body: () throws -> Value) throws -> Value {
    do { return try body() } catch { throw StepError(description: "\(name): \(error)") }
}

struct StepError: Error, CustomStringConvertible {
    let description: String
}
