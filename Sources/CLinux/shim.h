// Linux event primitives the Glibc module leaves out: epoll (hang-up watching for live-update
// streams) and eventfd (waking a waiting thread). inotify is in Glibc already.
#include <sys/epoll.h>
#include <sys/eventfd.h>
