/// The elements of a stream of batches (a `LocationSource`'s `events()`), one at a time, for
/// tests that look at events singly. Stopping the iteration stops the batched stream, as
/// stopping the stream itself would.
public struct FlattenedStream<Element: Sendable>: AsyncSequence {
    let batches: AsyncStream<[Element]>

    /// One at a time, the elements of `batches` in order.
    public init(_ batches: AsyncStream<[Element]>) { self.batches = batches }

    public func makeAsyncIterator() -> Iterator { Iterator(batches: batches.makeAsyncIterator()) }

    /// Hands out the current batch's elements, then waits for the next batch.
    public struct Iterator: AsyncIteratorProtocol {
        var batches: AsyncStream<[Element]>.Iterator
        var batch: [Element] = []
        var index = 0

        /// The next element; nil once the batched stream has ended (or the task is cancelled).
        public mutating func next() async -> Element? {
            while index == batch.count {
                guard let next = await batches.next() else { return nil }
                batch = next
                index = 0
            }
            defer { index += 1 }
            return batch[index]
        }
    }
}

extension AsyncStream {
    /// This stream of batches' elements, one at a time.
    public func flattened<Item: Sendable>() -> FlattenedStream<Item> where Element == [Item] { FlattenedStream(self) }
}
