import FerryCore

extension AppState {
    /// The response of request `id` turned out to be a stream: the Events tab opens and fills as it arrives.
    mutating func streamStarted(id: Int, framing: StreamFraming, time: Int64) {
        guard case .sending(id, _, _) = exchange else { return }
        events.begin(framing, time: time)
        response.tab = .events
        focusArrivingResponse()
    }

    /// Events of request `id`'s stream arrived.
    mutating func streamEventsArrived(id: Int, _ arrived: [StreamEvent]) {
        guard case .sending(id, _, _) = exchange, events.framing != nil else { return }
        events.append(arrived)
    }
}
