/// Text escaped for XML and HTML, in text and in attribute values alike: the JUnit report and
/// the HTML report write the same way.
enum Markup {
    /// Control characters XML 1.0 forbids become spaces; line breaks and tabs are kept as references.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            default:
                if scalar.value < 0x20 { result += " " } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
