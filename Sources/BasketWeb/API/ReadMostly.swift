#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value read by many threads at once and written rarely, behind a reader–writer lock.
///
/// The list snapshot is read on every `GET /api/v3/list`; with a plain mutex, fifty busy
/// connections queue on it. Readers here never wait for each other.
final class ReadMostly<Value: Sendable>: @unchecked Sendable {
  // NB: @unchecked: `value` is only touched while `lock` is held (shared to read, exclusive
  // to write), and the lock lives on the heap at a fixed address for the object's lifetime.
  private var value: Value
  private let lock: UnsafeMutablePointer<pthread_rwlock_t>

  init(_ value: Value) {
    self.value = value
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_rwlock_t())
    pthread_rwlock_init(lock, nil)
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  func read() -> Value {
    pthread_rwlock_rdlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return value
  }

  func write(_ newValue: Value) {
    pthread_rwlock_wrlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    value = newValue
  }
}
