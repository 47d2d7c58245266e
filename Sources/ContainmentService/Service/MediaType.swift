import Foundation

/// The media types the service reads, decided from a `Content-Type` header.
enum MediaType {
    /// True for `application/json` and any `+json` type, parameters ignored.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        return essence == "application/json" || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
    }
}
