/// The state of a stream a binding or an index was made for: the same stream object (by its
/// identity token, see `DonationStream.identity`), as many donations, and no donation moved or
/// removed since (`DonationStream.rewrites`). What was computed from that state holds while the
/// stream is in it again.
struct StreamState: Sendable {
    let identity: StreamIdentity
    let count: Int
    let rewrites: Int

    init(_ stream: DonationStream) {
        identity = stream.identity
        count = stream.count
        rewrites = stream.rewrites
    }

    /// Whether the stream is in this state.
    func holds(for stream: DonationStream) -> Bool {
        identity === stream.identity && count == stream.count && rewrites == stream.rewrites
    }

    /// Whether the two are the same state of the same stream.
    func isSame(as other: StreamState) -> Bool {
        identity === other.identity && count == other.count && rewrites == other.rewrites
    }
}
