/// Bounds on client-given times, so every time the service reports stays a valid ISO-8601
/// date (years up to 9999) instead of overflowing.
enum TimeLimits {
    /// The longest transition the recipe accepts: a day is far beyond any real animation.
    static let maxTransitionDuration: Double = 86_400
    /// 9999-12-31T23:59:59Z, the last second a four-digit ISO year can show.
    static let latestClockTime: Double = 253_402_300_799
}
