import Containment

/// What every mutation answers: the events it caused, in order, plus what it touched.
struct MutationResponse<Subject: Encodable & Sendable>: Encodable, Sendable {
    var events: [Event]
    var subject: Subject
    /// `events` as compact JSON, when the journal already encoded them (`MutationEvents`).
    var eventsJSON: [UInt8]? = nil

    func encode(to encoder: any Encoder) throws {
        try subject.encode(to: encoder)
        var container = encoder.container(keyedBy: EventsKey.self)
        try container.encode(events, forKey: .events)
    }

    private enum EventsKey: String, CodingKey { case events }
}

extension MutationResponse {
    init(events: MutationEvents, subject: Subject) {
        self.init(events: events.list, subject: subject, eventsJSON: events.json)
    }
}

/// A mutation that touches nothing worth echoing.
struct NoSubject: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {}
}

struct TreeSubject: Encodable, Sendable { var tree: TreeSnapshot }

struct ControllerSubject: Encodable, Sendable { var controller: ControllerSnapshot }

struct ParentChildSubject: Encodable, Sendable {
    var parent: ControllerSnapshot
    var child: ControllerSnapshot
}

struct TransitionSubject: Encodable, Sendable { var transition: TransitionSnapshot }

struct CallsSubject: Encodable, Sendable {
    var applied: Int
    /// What the calls return (`targetViewController`), one entry per call; absent when none returns anything.
    var results: [JSONValue]?
}

struct ClockSubject: Encodable, Sendable {
    var time: String
    var nextDueTime: String?
}
