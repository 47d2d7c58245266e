import Foundation
import Testing

@testable import EmbedFiles

@Suite struct StringLiteralTests {
    @Test func oneHashWhenTheTextNeedsNoMore() throws {
        #expect(try StringLiteral.make("a\n\"b\"\n", source: "f") == "#\"\"\"\na\n\"b\"\n\n\"\"\"#")
    }

    /// The text never ends the literal nor starts an escape or interpolation in it.
    @Test func moreHashesThanAnyDelimiterOrEscapeInTheText() throws {
        #expect(try StringLiteral.make("x \"\"\"# y", source: "f").hasPrefix("##\"\"\"\n"))
        #expect(try StringLiteral.make("x \\#(y)", source: "f").hasPrefix("##\"\"\"\n"))
        #expect(try StringLiteral.make("x \"\"\"## \\#", source: "f").hasPrefix("###\"\"\"\n"))
        #expect(try StringLiteral.make("x \\(y) \\n \"\"\"", source: "f").hasPrefix("#\"\"\"\n"))
    }

    /// A carriage return would become a line feed, other control characters do not compile.
    @Test(arguments: ["a\r\nb", "a\u{1}b", "a\u{7F}b", "a\u{0}b"])
    func refusesWhatALiteralCannotCarry(_ text: String) {
        #expect(throws: EmbedError.self) { try StringLiteral.make(text, source: "f") }
    }

    /// What the compiler reads back is the text, byte for byte.
    @Test func compiledLiteralIsTheText() throws {
        let texts = ["", "no final newline", "\n\nblank lines\n\n", "\t\"\"\"#\n\\#(x) \\(y) é 🙂\n", "  indented\n"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("EmbedFilesTests-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var program = "let texts: [String] = [\n"
        for text in texts { program += try StringLiteral.make(text, source: "f") + ",\n" }
        program += "]\nfor text in texts { print(Array(text.utf8)) }\n"
        try program.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["swiftc", "-Onone", directory.appendingPathComponent("main.swift").path, "-o", directory.appendingPathComponent("main").path]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0)
        let run = Process()
        run.executableURL = directory.appendingPathComponent("main")
        let output = Pipe()
        run.standardOutput = output
        try run.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(printed == texts.map { "\(Array($0.utf8))\n" }.joined())
    }
}
