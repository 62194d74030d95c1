// Linux primitives the Glibc module leaves out: epoll (hang-up watching for live-update
// streams), eventfd (waking a waiting thread), malloc_trim (giving freed memory back after
// a large request) and mallopt (serve's arena limit). inotify is in Glibc already.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <malloc.h>
