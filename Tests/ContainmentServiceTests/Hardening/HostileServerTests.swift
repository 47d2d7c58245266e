import Testing

/// The suites that attack a live server with hostile declarations (docs/reliability.md), one at a time:
/// each drives a core or more, and their bounds (answers within 10 s, `/healthz` within 2 s) are
/// about the server, not about sharing two cores with each other.
@Suite(.serialized) enum HostileServerTests {}
