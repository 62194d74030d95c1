// Linux primitives the Glibc module leaves out: epoll (hang-up watching for live-update
// streams), eventfd (waking a waiting thread), malloc_trim (giving freed memory back after
// a large request), mallopt (serve's arena limit) and the calling thread's stack size.
// inotify is in Glibc already.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // pthread_getattr_np
#endif
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <malloc.h>

/// The calling thread's stack size in bytes, or 0 when it can't be read.
static inline size_t basket_thread_stack_size(void) {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
  size_t size = 0;
  pthread_attr_getstacksize(&attributes, &size);
  pthread_attr_destroy(&attributes);
  return size;
}
