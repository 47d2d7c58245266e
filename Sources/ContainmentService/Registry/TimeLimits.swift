/// Bounds on the manual clock, so the time it reports stays a valid ISO-8601 date.
enum TimeLimits {
    /// 9999-12-31T23:59:59Z, the last second a four-digit ISO year can show.
    static let latestClockTime: Double = 253_402_300_799
}
