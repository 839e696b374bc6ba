/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hvlb-sctp-peer: real SCTP endpoints for the SCTP end-to-end test (tests/e2e/test_sctp.py),
 * on libusrsctp (a user-space SCTP stack over raw IP, as root: the lab's kernel has no SCTP
 * module).
 *
 *   hvlb-sctp-peer server NAME PORT
 *	accepts associations on every IPv4 address, PORT; answers each message M with
 *	"nf=NAME M"; prints "ready" once it listens.
 *   hvlb-sctp-peer client VIP PORT N BASE
 *	opens N associations to VIP:PORT from local ports BASE, BASE+1, ... (all open at
 *	once), sends "hello I" on each and reads the answer, then "again I" on each, then
 *	shuts each down (SHUTDOWN, SHUTDOWN-ACK, SHUTDOWN-COMPLETE). Prints one JSON line per
 *	association ({"port": ..., "nf": ..., "nf2": ...}); exits 1 at the first failure, saying
 *	why.
 *   hvlb-sctp-peer client VIP PORT N BASE GO_FILE
 *	the same, but between the two rounds prints "open" and waits until GO_FILE exists, so
 *	that a test can do something to the path (kill a forwarder) while every association
 *	is open (tests/e2e/test_scale_out_sctp.py).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <usrsctp.h>

#define MSG_MAX 256

static const char *nf_name;

static int
recv_msg(struct socket *so, char *buf, size_t len)
{
	struct sockaddr_in from;
	socklen_t fromlen = sizeof(from), infolen = 0;
	unsigned int infotype = 0;
	int flags = 0;
	ssize_t n = usrsctp_recvv(so, buf, len - 1, (struct sockaddr *)&from, &fromlen, NULL,
				  &infolen, &infotype, &flags);

	if (n <= 0)
		return (int)n;
	buf[n] = '\0';
	return (int)n;
}

static int
send_msg(struct socket *so, const char *s)
{
	return usrsctp_sendv(so, s, strlen(s), NULL, 0, NULL, 0, SCTP_SENDV_NOINFO, 0) < 0 ? -1 : 0;
}

static void *
serve(void *arg)
{
	struct socket *so = arg;
	char in[MSG_MAX], out[MSG_MAX + 64];

	while (recv_msg(so, in, sizeof(in)) > 0) {
		snprintf(out, sizeof(out), "nf=%s %s", nf_name, in);
		if (send_msg(so, out) != 0)
			break;
	}
	usrsctp_close(so);
	return NULL;
}

static int
server(const char *name, int port)
{
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	struct socket *ls, *so;
	pthread_t t;

	nf_name = name;
	ls = usrsctp_socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP, NULL, NULL, 0, NULL);
	if (ls == NULL || usrsctp_bind(ls, (struct sockaddr *)&a, sizeof(a)) < 0 ||
	    usrsctp_listen(ls, 128) < 0) {
		fprintf(stderr, "server: socket/bind/listen: %s\n", strerror(errno));
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	for (;;) {
		so = usrsctp_accept(ls, NULL, NULL);
		if (so == NULL) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "server: accept: %s\n", strerror(errno));
			return 1;
		}
		if (pthread_create(&t, NULL, serve, so) != 0)
			usrsctp_close(so);
		else
			pthread_detach(t);
	}
}

/* The NF named in an answer "nf=NAME ...", into nf. */
static int
answer_nf(const char *ans, const char *want_tail, char *nf, size_t len)
{
	const char *sp;

	if (strncmp(ans, "nf=", 3) != 0 || (sp = strchr(ans, ' ')) == NULL ||
	    strcmp(sp + 1, want_tail) != 0 || (size_t)(sp - ans - 3) >= len)
		return -1;
	memcpy(nf, ans + 3, (size_t)(sp - ans - 3));
	nf[sp - ans - 3] = '\0';
	return 0;
}

static int
exchange(struct socket *so, const char *msg, char *nf, size_t len)
{
	char ans[MSG_MAX + 64];

	if (send_msg(so, msg) != 0 || recv_msg(so, ans, sizeof(ans)) <= 0)
		return -1;
	return answer_nf(ans, msg, nf, len);
}

/* Waits until path exists (go_file NULL: at once). */
static void
wait_go(const char *path)
{
	struct stat st;

	if (path == NULL)
		return;
	printf("open\n");
	fflush(stdout);
	while (stat(path, &st) != 0)
		usleep(10000);
}

static int
client(const char *vip, int port, int n, int base, const char *go_file)
{
	struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	struct socket **so = calloc((size_t)n, sizeof(*so));
	char (*nf)[32] = calloc((size_t)n, sizeof(*nf)), nf2[32], msg[64];

	if (so == NULL || nf == NULL || inet_pton(AF_INET, vip, &to.sin_addr) != 1)
		return 1;
	for (int i = 0; i < n; i++) {
		struct sockaddr_in me = {.sin_family = AF_INET,
					 .sin_port = htons((uint16_t)(base + i))};

		so[i] = usrsctp_socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP, NULL, NULL, 0, NULL);
		if (so[i] == NULL || usrsctp_bind(so[i], (struct sockaddr *)&me, sizeof(me)) < 0 ||
		    usrsctp_connect(so[i], (struct sockaddr *)&to, sizeof(to)) < 0) {
			fprintf(stderr, "client: association %d (port %d): %s\n", i, base + i,
				strerror(errno));
			return 1;
		}
		snprintf(msg, sizeof(msg), "hello %d", i);
		if (exchange(so[i], msg, nf[i], sizeof(nf[i])) != 0) {
			fprintf(stderr, "client: association %d: no answer to %s\n", i, msg);
			return 1;
		}
	}
	/* Every association open at once: each again, still on its NF. */
	wait_go(go_file);
	for (int i = 0; i < n; i++) {
		snprintf(msg, sizeof(msg), "again %d", i);
		if (exchange(so[i], msg, nf2, sizeof(nf2)) != 0) {
			fprintf(stderr, "client: association %d: no answer to %s\n", i, msg);
			return 1;
		}
		printf("{\"port\": %d, \"nf\": \"%s\", \"nf2\": \"%s\"}\n", base + i, nf[i], nf2);
	}
	fflush(stdout);
	for (int i = 0; i < n; i++)
		usrsctp_close(so[i]);
	free(so);
	free(nf);
	return 0;
}

int
main(int argc, char **argv)
{
	int rc;

	if (argc < 2)
		goto usage;
	/* Port 0: SCTP over raw IP, no UDP encapsulation. */
	usrsctp_init(0, NULL, NULL);
	if (strcmp(argv[1], "server") == 0 && argc == 4)
		rc = server(argv[2], atoi(argv[3]));
	else if (strcmp(argv[1], "client") == 0 && (argc == 6 || argc == 7))
		rc = client(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]),
			    argc == 7 ? argv[6] : NULL);
	else
		goto usage;
	/* Let the SHUTDOWNs finish before the stack goes. */
	while (usrsctp_finish() != 0)
		usleep(10000);
	return rc;
usage:
	fprintf(stderr, "usage: hvlb-sctp-peer server NAME PORT | client VIP PORT N BASE [GO_FILE]\n");
	return 2;
}
