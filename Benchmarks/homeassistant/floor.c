// The floor for a durable push on this machine (issue 45): the least any server can do between
// a POST and ten listeners hearing of it. One thread, one epoll loop: read the POST, write
// PAGES pages of 4 KiB to a log file and fdatasync it (what a Basket add commits), write the
// event to every listener, answer 201. No parsing, no database, no hand-over between threads.
//
//     cc -O2 -o floor floor.c && ./floor PORT LOGFILE [PAGES]
//
// GET /events (any path starting so) opens a listener: an event stream whose first event is
// `hello`, as Basket's. Any other GET gets `{}`. run.py starts it beside Basket and times its
// pushes with the same probe, so "Basket − floor" is what Basket's own work costs.

#define _GNU_SOURCE  // accept4
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

enum { MAX_LISTENERS = 64, LOG_PAGES = 1000 };

static void send_all(int fd, const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t sent = write(fd, bytes, count);
    if (sent <= 0) return;
    bytes += sent;
    count -= (size_t)sent;
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: floor PORT LOGFILE [PAGES]\n");
    return 2;
  }
  int port = atoi(argv[1]);
  int pages = argc > 3 ? atoi(argv[3]) : 9;
  int log = open(argv[2], O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (log < 0) {
    perror("open");
    return 1;
  }
  char page[4096];
  memset(page, 0x5a, sizeof page);

  int server = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in address = {0};
  address.sin_family = AF_INET;
  address.sin_port = htons((unsigned short)port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(server, (struct sockaddr *)&address, sizeof address) != 0 || listen(server, 64) != 0) {
    perror("listen");
    return 1;
  }
  int poller = epoll_create1(EPOLL_CLOEXEC);
  struct epoll_event event = {.events = EPOLLIN, .data.fd = server};
  epoll_ctl(poller, EPOLL_CTL_ADD, server, &event);

  int listeners[MAX_LISTENERS];
  int listening = 0;
  long offset = 0;
  static char buffer[65536];
  for (;;) {
    struct epoll_event ready[64];
    int count = epoll_wait(poller, ready, 64, -1);
    for (int i = 0; i < count; i++) {
      int fd = ready[i].data.fd;
      if (fd == server) {
        int client = accept4(server, NULL, NULL, SOCK_CLOEXEC);
        if (client < 0) continue;
        setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        struct epoll_event readable = {.events = EPOLLIN, .data.fd = client};
        epoll_ctl(poller, EPOLL_CTL_ADD, client, &readable);
        continue;
      }
      ssize_t length = read(fd, buffer, sizeof buffer - 1);
      if (length <= 0) {
        for (int j = 0; j < listening; j++) {
          if (listeners[j] == fd) listeners[j--] = listeners[--listening];
        }
        close(fd);
        continue;
      }
      buffer[length] = 0;
      if (strncmp(buffer, "GET /events", 11) == 0 && listening < MAX_LISTENERS) {
        static const char hello[] =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nevent: hello\ndata: {}\n\n";
        send_all(fd, hello, sizeof hello - 1);
        listeners[listening++] = fd;
      } else if (strncmp(buffer, "GET ", 4) == 0) {
        static const char empty[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
        send_all(fd, empty, sizeof empty - 1);
      } else {
        // NB: a loopback POST this small arrives in one read.
        char *body = strstr(buffer, "\r\n\r\n");
        body = body ? body + 4 : buffer;
        for (int p = 0; p < pages; p++) {
          if (pwrite(log, page, sizeof page, offset) < 0) perror("pwrite");
          offset = (offset + (long)sizeof page) % ((long)sizeof page * LOG_PAGES);
        }
        if (fdatasync(log) != 0) perror("fdatasync");
        char frame[1024];
        int framed = snprintf(frame, sizeof frame, "event: change\ndata: %.900s\n\n", body);
        for (int j = 0; j < listening; j++) send_all(listeners[j], frame, (size_t)framed);
        static const char created[] = "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}";
        send_all(fd, created, sizeof created - 1);
      }
    }
  }
}
