/*
 * nfq-delay: a per-packet delay line for the lab, on a kernel without netem, fq or etf.
 *
 * The standard way to delay packets without netem is EDT: a tc BPF program sets
 * skb->tstamp = now + delay on egress and the fq qdisc (or etf) holds each packet until
 * that time. The lab kernel has neither sch_fq nor sch_etf (CONFIG_NET_SCH_FQ and
 * CONFIG_NET_SCH_ETF are off and modules are off), so nothing would enforce the timestamp.
 * It does have NFQUEUE (CONFIG_NETFILTER_NETLINK_QUEUE, xt_NFQUEUE), so this program does
 * the holding instead: an iptables rule queues the packets a host receives on an interface
 * (mangle PREROUTING; lab/netdelay.py says why not the ones it sends) to NFQUEUE queue N;
 * the packets stay in the kernel, this program learns only their ids (copy mode META, no
 * payload), and gives each the ACCEPT verdict `delay` after it reached this program. Verdicts are batched (NFQNL_MSG_VERDICT_BATCH accepts every packet up to an id),
 * so the cost is one netlink message in per packet and one out per wake-up. GSO packets
 * are queued whole (NFQA_CFG_F_GSO). Packets leave in the order they came, as on a link.
 *
 *   nfq-delay -q QUEUE -d DELAY_MS [-l MAXLEN]
 *
 * It prints "ready queue=N delay_ms=D" once bound, and on SIGTERM/SIGINT it releases every
 * packet it holds and exits. Run it in the namespace whose packets it delays (queues are
 * per network namespace); lab/netdelay.py does that and adds the iptables rule.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_queue.h>

#define RING 65536 /* packets held at most (power of two); above the queue's maxlen */

struct held {
	uint32_t id;
	uint64_t due; /* CLOCK_MONOTONIC ns */
};

static struct held ring[RING];
static unsigned head, tail; /* ring[head..tail) */
static volatile sig_atomic_t stop;

static struct mnl_socket *nl;
static unsigned portid;
static uint16_t queue;

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static struct nlmsghdr *put_hdr(char *buf, int type)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = (NFNL_SUBSYS_QUEUE << 8) | type;
	nlh->nlmsg_flags = NLM_F_REQUEST;
	struct nfgenmsg *nfg = mnl_nlmsg_put_extra_header(nlh, sizeof(*nfg));
	nfg->nfgen_family = AF_UNSPEC;
	nfg->version = NFNETLINK_V0;
	nfg->res_id = htons(queue);
	return nlh;
}

static int send_msg(struct nlmsghdr *nlh)
{
	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0) {
		perror("nfq-delay: sendto");
		return -1;
	}
	return 0;
}

/* Sends a configuration message and waits for its acknowledgement. */
static int config(struct nlmsghdr *nlh)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	nlh->nlmsg_flags |= NLM_F_ACK;
	nlh->nlmsg_seq = (unsigned)time(NULL);
	if (send_msg(nlh) < 0)
		return -1;
	int n = mnl_socket_recvfrom(nl, buf, sizeof(buf));
	if (n < 0) {
		perror("nfq-delay: recv ack");
		return -1;
	}
	if (mnl_cb_run(buf, n, nlh->nlmsg_seq, portid, NULL, NULL) < 0) {
		perror("nfq-delay: config");
		return -1;
	}
	return 0;
}

static int verdict_upto(uint32_t id)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = put_hdr(buf, NFQNL_MSG_VERDICT_BATCH);
	struct nfqnl_msg_verdict_hdr vh = {.verdict = htonl(NF_ACCEPT), .id = htonl(id)};
	mnl_attr_put(nlh, NFQA_VERDICT_HDR, sizeof(vh), &vh);
	return send_msg(nlh);
}

/* Releases every held packet due by t (all of them if t is UINT64_MAX). */
static int release(uint64_t t)
{
	if (head == tail || ring[head & (RING - 1)].due > t)
		return 0;
	uint32_t last = 0;
	while (head != tail && ring[head & (RING - 1)].due <= t)
		last = ring[head++ & (RING - 1)].id;
	return verdict_upto(last);
}

static uint64_t delay_ns;

static int on_msg(const struct nlmsghdr *nlh, void *data)
{
	(void)data;
	struct nlattr *attr;
	const struct nfqnl_msg_packet_hdr *ph = NULL;
	mnl_attr_for_each(attr, nlh, sizeof(struct nfgenmsg)) {
		if (mnl_attr_get_type(attr) == NFQA_PACKET_HDR &&
		    mnl_attr_get_payload_len(attr) >= sizeof(*ph))
			ph = mnl_attr_get_payload(attr);
	}
	if (!ph)
		return MNL_CB_OK;
	if (tail - head == RING) { /* cannot happen with maxlen < RING; accept rather than lose */
		release(UINT64_MAX);
	}
	ring[tail & (RING - 1)] = (struct held){.id = ntohl(ph->packet_id), .due = now_ns() + delay_ns};
	tail++;
	return MNL_CB_OK;
}

static void usage(void)
{
	fprintf(stderr, "usage: nfq-delay -q QUEUE -d DELAY_MS [-l MAXLEN]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	double delay_ms = -1;
	long q = -1, maxlen = 16384;
	int opt;
	while ((opt = getopt(argc, argv, "q:d:l:")) != -1) {
		switch (opt) {
		case 'q': q = strtol(optarg, NULL, 10); break;
		case 'd': delay_ms = strtod(optarg, NULL); break;
		case 'l': maxlen = strtol(optarg, NULL, 10); break;
		default: usage();
		}
	}
	if (q < 0 || q > 65535 || delay_ms < 0 || delay_ms > 10000 || maxlen < 1 || maxlen >= RING)
		usage();
	queue = (uint16_t)q;
	delay_ns = (uint64_t)(delay_ms * 1e6);
	prctl(PR_SET_TIMERSLACK, 1UL); /* wake-ups on time, not 50 us late */

	struct sigaction sa = {.sa_handler = on_signal};
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	nl = mnl_socket_open(NETLINK_NETFILTER);
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		perror("nfq-delay: netlink");
		return 1;
	}
	portid = mnl_socket_get_portid(nl);
	int fd = mnl_socket_get_fd(nl);
	int rcvbuf = 16 << 20, one = 1;
	setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf));
	setsockopt(fd, SOL_NETLINK, NETLINK_NO_ENOBUFS, &one, sizeof(one));

	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = put_hdr(buf, NFQNL_MSG_CONFIG);
	struct nfqnl_msg_config_cmd cmd = {.command = NFQNL_CFG_CMD_BIND};
	mnl_attr_put(nlh, NFQA_CFG_CMD, sizeof(cmd), &cmd);
	if (config(nlh) < 0)
		return 1;
	nlh = put_hdr(buf, NFQNL_MSG_CONFIG);
	struct nfqnl_msg_config_params params = {.copy_range = htonl(0), .copy_mode = NFQNL_COPY_META};
	mnl_attr_put(nlh, NFQA_CFG_PARAMS, sizeof(params), &params);
	mnl_attr_put_u32(nlh, NFQA_CFG_QUEUE_MAXLEN, htonl((uint32_t)maxlen));
	mnl_attr_put_u32(nlh, NFQA_CFG_FLAGS, htonl(NFQA_CFG_F_GSO));
	mnl_attr_put_u32(nlh, NFQA_CFG_MASK, htonl(NFQA_CFG_F_GSO));
	if (config(nlh) < 0)
		return 1;
	printf("ready queue=%u delay_ms=%g\n", queue, delay_ms);
	fflush(stdout);

	/* Large enough for a burst of packet messages in one read. */
	static char rbuf[1 << 20];
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	while (!stop) {
		struct timespec ts, *tsp = NULL;
		if (head != tail) {
			uint64_t due = ring[head & (RING - 1)].due, t = now_ns();
			uint64_t wait = due > t ? due - t : 0;
			ts.tv_sec = wait / 1000000000ull;
			ts.tv_nsec = wait % 1000000000ull;
			tsp = &ts;
		}
		int r = ppoll(&pfd, 1, tsp, NULL);
		if (r < 0 && errno != EINTR) {
			perror("nfq-delay: ppoll");
			break;
		}
		if (r > 0) {
			for (;;) {
				ssize_t n = recv(fd, rbuf, sizeof(rbuf), MSG_DONTWAIT);
				if (n < 0) {
					if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ENOBUFS)
						perror("nfq-delay: recv");
					break;
				}
				mnl_cb_run(rbuf, n, 0, portid, on_msg, NULL);
			}
		}
		if (release(now_ns()) < 0)
			break;
	}
	release(UINT64_MAX);
	nlh = put_hdr(buf, NFQNL_MSG_CONFIG);
	cmd.command = NFQNL_CFG_CMD_UNBIND;
	mnl_attr_put(nlh, NFQA_CFG_CMD, sizeof(cmd), &cmd);
	send_msg(nlh);
	mnl_socket_close(nl);
	return 0;
}
