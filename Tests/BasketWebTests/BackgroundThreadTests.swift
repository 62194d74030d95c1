import CLinux
import Synchronization
import Testing

@testable import BasketWeb

/// The server's threads get a stack of a known size, whatever `ulimit -s` says: a request may
/// build the recipe tables on first use, which keeps them off serve's start.
@Suite struct BackgroundThreadTests {
  @Test func aThreadGetsTheStackItIsPromised() throws {
    let size = Mutex(0)
    let thread = try #require(
      BackgroundThread {
        let bytes = basket_thread_stack_size()
        size.withLock { $0 = bytes }
      })
    thread.join()
    #expect(size.withLock { $0 } >= BackgroundThread.stackSize)
    // NB: more than glibc's usual default, so a thread started without it would fail here.
    #expect(BackgroundThread.stackSize > 8 << 20)
  }
}
