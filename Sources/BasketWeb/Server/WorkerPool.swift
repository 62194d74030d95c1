#if canImport(Glibc)
  import Glibc
#endif

/// A fixed set of threads that run the handlers, so a slow one (a first emoji-table load, a
/// write waiting for fsync) holds a worker, never a network thread that other connections
/// share. Only complete requests reach it: idle and slow clients cost no worker.
final class WorkerPool: @unchecked Sendable {
  // NB: @unchecked: `jobs`, `running` and `stopping` are only touched with `mutex` held; the
  // mutex and condition live on the heap at fixed addresses for the pool's lifetime.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var jobs: [@Sendable () -> Void] = []
  private var next = 0
  private var stopping = false
  private var threads: [BackgroundThread] = []

  /// Starts `count` threads (at least one).
  init(count: Int) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
    for _ in 0..<max(1, count) {
      if let thread = BackgroundThread({ [self] in work() }) { threads.append(thread) }
    }
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `job` on a worker; false (and not run) if the pool has stopped or has no threads.
  @discardableResult
  func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard !stopping, !threads.isEmpty else { return false }
    jobs.append(job)
    pthread_cond_signal(condition)
    return true
  }

  /// Finishes every job already submitted, then stops the threads. Idempotent.
  func stop() {
    pthread_mutex_lock(mutex)
    stopping = true
    let all = threads
    threads = []
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
    for thread in all { thread.join() }
  }

  private func work() {
    pthread_mutex_lock(mutex)
    while true {
      while next == jobs.count, !stopping { pthread_cond_wait(condition, mutex) }
      if next == jobs.count {
        pthread_mutex_unlock(mutex)
        return
      }
      let job = jobs[next]
      next += 1
      if next == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        next = 0
      } else if next >= 1024 {
        jobs.removeFirst(next)
        next = 0
      }
      pthread_mutex_unlock(mutex)
      job()
      pthread_mutex_lock(mutex)
    }
  }
}
