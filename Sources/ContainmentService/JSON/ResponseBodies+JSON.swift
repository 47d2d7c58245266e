import Containment

/// What a mutation touched, written as fields of the mutation's response object.
protocol MutationSubjectJSON {
    /// The subject's fields and `events`, all in sorted key order.
    func writeFields(to writer: inout JSONWriter, events: MutationEvents)
}

extension MutationResponse: JSONWritable where Subject: MutationSubjectJSON {
    func writeJSON(to writer: inout JSONWriter) {
        // An event takes about 150 bytes: one allocation for most responses.
        writer.reserveCapacity(256 + 160 * events.count)
        writer.beginObject()
        subject.writeFields(to: &writer, events: MutationEvents(list: events, json: eventsJSON))
        writer.endObject()
    }
}

extension JSONWriter {
    fileprivate mutating func events(_ events: [Event]) {
        key("events")
        events.writeJSON(to: &self)
    }

    fileprivate mutating func events(_ events: MutationEvents) {
        guard let json = events.json else { return self.events(events.list) }
        key("events")
        encodedValue(json)
    }
}

extension NoSubject: MutationSubjectJSON {
    func writeFields(to writer: inout JSONWriter, events: MutationEvents) {
        writer.events(events)
    }
}

extension TreeSubject: MutationSubjectJSON {
    func writeFields(to writer: inout JSONWriter, events: MutationEvents) {
        writer.events(events)
        writer.key("tree")
        tree.writeJSON(to: &writer)
    }
}

extension ControllerSubject: MutationSubjectJSON {
    func writeFields(to writer: inout JSONWriter, events: MutationEvents) {
        writer.key("controller")
        controller.writeJSON(to: &writer)
        writer.events(events)
    }
}

extension ParentChildSubject: MutationSubjectJSON {
    func writeFields(to writer: inout JSONWriter, events: MutationEvents) {
        writer.key("child")
        child.writeJSON(to: &writer)
        writer.events(events)
        writer.key("parent")
        parent.writeJSON(to: &writer)
    }
}

extension TransitionSubject: MutationSubjectJSON {
    func writeFields(to writer: inout JSONWriter, events: MutationEvents) {
        writer.events(events)
        writer.key("transition")
        transition.writeJSON(to: &writer)
    }
}

extension CallsSubject: MutationSubjectJSON {
    func writeFields(to writer: inout JSONWriter, events: MutationEvents) {
        writer.key("applied")
        writer.integer(applied)
        writer.events(events)
        if let results {
            writer.key("results")
            JSONValue.array(results).writeJSON(to: &writer)
        }
    }
}

extension ClockSubject: MutationSubjectJSON {
    func writeFields(to writer: inout JSONWriter, events: MutationEvents) {
        writer.events(events)
        if let nextDueTime {
            writer.key("nextDueTime")
            writer.string(nextDueTime)
        }
        writer.key("time")
        writer.string(time)
    }
}

extension TreeList: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let nextCursor {
            writer.key("nextCursor")
            writer.string(nextCursor)
        }
        writer.key("trees")
        trees.writeJSON(to: &writer)
        writer.endObject()
    }
}

extension TreeList.TreeSummary: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("clock")
        writer.string(clock.rawValue)
        writer.key("controllerCount")
        writer.integer(controllerCount)
        writer.key("id")
        writer.string(id)
        writer.key("lastSeq")
        writer.integer(lastSeq)
        writer.endObject()
    }
}

extension EventPage: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.events(events)
        writer.key("lastSeq")
        writer.integer(lastSeq)
        writer.key("oldestSeq")
        writer.integer(oldestSeq)
        writer.endObject()
    }
}

extension StreamSignal.Reset: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("oldestSeq")
        writer.integer(oldestSeq)
        writer.key("requestedAfter")
        writer.integer(requestedAfter)
        writer.key("tree")
        writer.string(tree)
        writer.endObject()
    }
}

extension StreamSignal.TreeDeleted: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("lastSeq")
        writer.integer(lastSeq)
        writer.key("tree")
        writer.string(tree)
        writer.endObject()
    }
}

extension StreamSignal.Shutdown: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("reason")
        writer.string(reason)
        writer.endObject()
    }
}

extension StreamSignal.TreeMoved: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("reason")
        writer.string(reason)
        writer.key("tree")
        writer.string(tree)
        writer.endObject()
    }
}
