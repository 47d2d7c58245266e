extension UInt8 {
    /// The byte with ASCII `A`–`Z` folded to `a`–`z`, for the case-insensitive parts of HTTP
    /// (field names, content codings) compared without building lowercased strings.
    var asciiLowercased: UInt8 { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self }
}
