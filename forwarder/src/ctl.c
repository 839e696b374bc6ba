/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control socket server: a Unix stream socket served by poll() on the control thread.
 * Every socket is non-blocking; each client has a small state machine that reads a frame
 * (length, then body) as it trickles in, and a response buffer that is written out as the
 * client drains it. While a client's response is pending it is not read, which is all the
 * flow control one client needs. Request handling itself is in ctl_op.c.
 */
#define _GNU_SOURCE /* struct ucred for SO_PEERCRED */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_log.h>

#include "ctl.h"
#include "ctl_op.h"

#define CTL_MAX_CLIENTS 16
#define CTL_BACKLOG 16
/* Requests answered per client per ctl_poll, so one busy client cannot starve the others or
 * the control thread's other duties. */
#define CTL_REQS_PER_POLL 8

RTE_LOG_REGISTER(hvlb_ctl_logtype, hvlb.ctl, INFO);
#define CTL_LOG(level, fmt, ...)                                                                   \
	rte_log(RTE_LOG_##level, hvlb_ctl_logtype, "ctl: " fmt "\n", ##__VA_ARGS__)

struct ctl_client {
	int fd;
	uint32_t hdr_got;   /* bytes of the 4-byte length read so far */
	uint8_t hdr[4];
	uint32_t len;       /* body length, once the header is complete */
	uint32_t got;       /* body bytes read so far */
	uint8_t *body;
	uint8_t *out;       /* framed response not yet fully sent; NULL when none */
	size_t out_len;
	size_t out_off;
};

struct ctl_server {
	struct fwd *f;
	int lfd;
	unsigned n_clients;
	struct ctl_client clients[CTL_MAX_CLIENTS];
	char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
};

/* ---- opening ---- */

/* mkdir -p of the directory part of path. */
static int
mkdir_parents(const char *path)
{
	char buf[sizeof(((struct sockaddr_un *)0)->sun_path)];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		/* 0750: the socket's own mode is what keeps others out; this only adds depth. */
		if (mkdir(buf, 0750) != 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return 0;
}

/* Remove a socket left by a forwarder that died; refuse to touch anything else, or a socket
 * another live forwarder is serving. */
static int
unlink_stale(const char *path, const struct sockaddr_un *sa)
{
	struct stat stb;
	int fd, live;

	if (lstat(path, &stb) != 0)
		return errno == ENOENT ? 0 : -errno;
	if (!S_ISSOCK(stb.st_mode))
		return -EEXIST;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	live = connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) == 0;
	close(fd);
	if (live)
		return -EADDRINUSE;
	return unlink(path) == 0 ? 0 : -errno;
}

static int
listen_on(const struct sockaddr_un *sa)
{
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	mode_t old;
	int rc;

	if (fd < 0)
		return -errno;
	/* Created 0600 from the start: no window in which another user could connect. */
	old = umask(0177);
	rc = bind(fd, (const struct sockaddr *)sa, sizeof(*sa));
	umask(old);
	if (rc != 0 || chmod(sa->sun_path, 0600) != 0 || listen(fd, CTL_BACKLOG) != 0) {
		rc = -errno;
		close(fd);
		return rc;
	}
	return fd;
}

struct ctl_server *
ctl_open(struct fwd *f, const char *path)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	struct ctl_server *s = NULL;
	const char *what;
	int rc;

	what = "path too long";
	rc = -ENAMETOOLONG;
	if (strlen(path) >= sizeof(sa.sun_path))
		goto fail;
	memcpy(sa.sun_path, path, strlen(path) + 1);
	what = "cannot create its directory";
	if ((rc = mkdir_parents(path)) != 0)
		goto fail;
	if ((rc = unlink_stale(path, &sa)) != 0) {
		what = "cannot remove the stale socket";
		if (rc == -EEXIST)
			what = "exists and is not a socket";
		else if (rc == -EADDRINUSE)
			what = "another process is serving it";
		goto fail;
	}
	what = "out of memory";
	rc = -ENOMEM;
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		goto fail;
	what = "cannot listen";
	if ((rc = listen_on(&sa)) < 0)
		goto fail;
	s->lfd = rc;
	s->f = f;
	memcpy(s->path, sa.sun_path, sizeof(s->path));
	CTL_LOG(INFO, "listening on %s", path);
	return s;

fail:
	CTL_LOG(ERR, "%s: %s: %s", path, what, strerror(-rc));
	free(s);
	return NULL;
}

/* ---- clients ---- */

static void
client_reset_frame(struct ctl_client *c)
{
	free(c->body);
	c->body = NULL;
	c->hdr_got = 0;
	c->len = 0;
	c->got = 0;
}

static void
client_drop(struct ctl_server *s, unsigned i)
{
	struct ctl_client *c = &s->clients[i];

	close(c->fd);
	client_reset_frame(c);
	free(c->out);
	s->clients[i] = s->clients[--s->n_clients];
}

/* Only root, the forwarder's own user, or the user root gave the socket to (chown: the
 * package's unit gives it to the hvlb user its agent runs as) may drive the forwarder. */
static int
peer_allowed(const struct ctl_server *s, int fd)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);
	struct stat st;

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
		CTL_LOG(WARNING, "refused a client: SO_PEERCRED: %s", strerror(errno));
		return 0;
	}
	if (cred.uid == 0 || cred.uid == geteuid() ||
	    (stat(s->path, &st) == 0 && st.st_uid == cred.uid))
		return 1;
	CTL_LOG(WARNING, "refused pid %d: uid %u is neither root nor the socket's owner",
		(int)cred.pid, (unsigned)cred.uid);
	return 0;
}

static void
accept_clients(struct ctl_server *s)
{
	int fd;

	while ((fd = accept(s->lfd, NULL, NULL)) >= 0) {
		if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 ||
		    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0 || !peer_allowed(s, fd)) {
			close(fd);
			continue;
		}
		if (s->n_clients == CTL_MAX_CLIENTS) {
			CTL_LOG(WARNING, "refused a client: %u already connected", CTL_MAX_CLIENTS);
			close(fd);
			continue;
		}
		s->clients[s->n_clients++] = (struct ctl_client){.fd = fd};
	}
	if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
		CTL_LOG(WARNING, "accept: %s", strerror(errno));
}

/* Send what the client will take. 0: sent or pending; -1: drop the client. */
static int
client_flush(struct ctl_client *c)
{
	while (c->out_off < c->out_len) {
		ssize_t n = send(c->fd, c->out + c->out_off, c->out_len - c->out_off,
				 MSG_NOSIGNAL | MSG_DONTWAIT);

		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1;
		c->out_off += (size_t)n;
	}
	free(c->out);
	c->out = NULL;
	return 0;
}

/* A whole frame is in: answer it. */
static int
client_answer(struct ctl_server *s, struct ctl_client *c)
{
	int rc = ctl_handle(s->f, c->body, c->len, &c->out, &c->out_len);

	client_reset_frame(c);
	if (rc < 0) {
		CTL_LOG(ERR, "cannot build a response: %s", strerror(-rc));
		return -1;
	}
	c->out_off = 0;
	return client_flush(c);
}

/* The buffer and size the next read fills: the rest of the header, else of the body. */
static int
client_next_read(struct ctl_client *c, uint8_t **dst, size_t *n)
{
	uint32_t be;

	if (c->hdr_got < sizeof(c->hdr)) {
		*dst = c->hdr + c->hdr_got;
		*n = sizeof(c->hdr) - c->hdr_got;
		return 0;
	}
	if (c->body == NULL) {
		memcpy(&be, c->hdr, sizeof(be));
		c->len = rte_be_to_cpu_32(be);
		if (c->len > CTL_MAX_FRAME) {
			CTL_LOG(WARNING, "closing a client: %u-byte request, at most %u", c->len,
				CTL_MAX_FRAME);
			return -1;
		}
		c->body = malloc(c->len > 0 ? c->len : 1);
		if (c->body == NULL)
			return -1;
	}
	*dst = c->body + c->got;
	*n = c->len - c->got;
	return 0;
}

/* Read what has arrived and answer each complete frame, up to CTL_REQS_PER_POLL.
 * 0: keep the client; -1: drop it (closed, error, oversized frame). */
static int
client_read(struct ctl_server *s, struct ctl_client *c)
{
	unsigned answered = 0;
	uint8_t *dst;
	size_t want;
	ssize_t n;

	while (c->out == NULL && answered < CTL_REQS_PER_POLL) {
		if (client_next_read(c, &dst, &want) != 0)
			return -1;
		n = want > 0 ? recv(c->fd, dst, want, MSG_DONTWAIT) : 0;
		if (n == 0 && want > 0)
			return -1; /* closed by the peer */
		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1;
		if (c->hdr_got < sizeof(c->hdr)) {
			c->hdr_got += (uint32_t)n;
			continue; /* a zero-length body is complete once the header is */
		}
		c->got += (uint32_t)n;
		if (c->got == c->len) {
			answered++;
			if (client_answer(s, c) != 0)
				return -1;
		}
	}
	return 0;
}

static int
client_io(struct ctl_server *s, struct ctl_client *c, short revents)
{
	if (revents & (POLLERR | POLLNVAL))
		return -1;
	if (c->out != NULL && client_flush(c) != 0)
		return -1;
	/* POLLHUP with data still queued: read it; the read then sees the end. */
	if (revents & (POLLIN | POLLHUP))
		return client_read(s, c);
	return 0;
}

void
ctl_poll(struct ctl_server *s, int timeout_ms, int wake_fd)
{
	struct pollfd pfd[CTL_MAX_CLIENTS + 2];
	unsigned n = s->n_clients;
	int rc;

	pfd[0] = (struct pollfd){.fd = s->lfd, .events = POLLIN};
	for (unsigned i = 0; i < n; i++)
		pfd[i + 1] = (struct pollfd){
			.fd = s->clients[i].fd,
			.events = s->clients[i].out != NULL ? POLLOUT : POLLIN,
		};
	/* Last, and only waited on: its owner reads it. */
	pfd[n + 1] = (struct pollfd){.fd = wake_fd, .events = POLLIN};
	rc = poll(pfd, n + 1 + (wake_fd >= 0), timeout_ms);
	if (rc < 0 && errno != EINTR)
		CTL_LOG(WARNING, "poll: %s", strerror(errno));
	if (rc <= 0)
		return;
	/* Backwards: dropping client i moves the last one, already served, into its place. */
	for (unsigned i = n; i-- > 0;) {
		short ev = pfd[i + 1].revents;

		if (ev != 0 && client_io(s, &s->clients[i], ev) != 0)
			client_drop(s, i);
	}
	if (pfd[0].revents & POLLIN)
		accept_clients(s);
}

void
ctl_close(struct ctl_server *s)
{
	if (s == NULL)
		return;
	while (s->n_clients > 0)
		client_drop(s, s->n_clients - 1);
	close(s->lfd);
	unlink(s->path);
	free(s);
}
