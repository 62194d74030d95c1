// Linux primitives the Glibc module leaves out: epoll (hang-up watching for live-update
// streams), eventfd (waking a waiting thread), malloc_trim (giving freed memory back after
// a large request), mallopt (serve's arena limit), the calling thread's stack size, and
// what a spawned program must not inherit (closefrom as a spawn action, pipe2), and the batch
// scheduling class (the store watcher's thread).
// inotify is in Glibc already.
// NB: no _GNU_SOURCE here: it changes glibc's own types (fd_set's member names), and a module
// that defines them differently from Swift's Glibc module fails to build. The GNU functions
// needed are declared by hand, with glibc's signatures.
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <malloc.h>
#include <spawn.h>

/// sched.h's SCHED_BATCH (Linux's batch class), which it declares only under _GNU_SOURCE.
#define BASKET_SCHED_BATCH 3

extern int pthread_getattr_np(pthread_t thread, pthread_attr_t *attributes);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int pipe2(int ends[2], int flags);

/// The calling thread's stack size in bytes, or 0 when it can't be read.
static inline size_t basket_thread_stack_size(void) {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
  size_t size = 0;
  pthread_attr_getstacksize(&attributes, &size);
  pthread_attr_destroy(&attributes);
  return size;
}
