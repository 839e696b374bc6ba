/* SPDX-License-Identifier: BSD-3-Clause */
/* What survives a restart (persist.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_log.h>
#include <rte_malloc.h>

#include "persist.h"

#define LOG(l, ...) RTE_LOG(l, USER1, "state: " __VA_ARGS__)

#define CONN_MAGIC 0x324e4e4f43424c56ull /* "VLBCONN2": struct conn with the SYN proxy's fields */
#define CFG_MAGIC 0x3147464342424c56ull  /* "VLBBCFG1" */
#define POOL_MAGIC 0x314c4f4f50424c56ull /* "VLBPOOL1": struct fnat_pool */
#define CONN_HDR 4096                    /* the table starts one page into its file */
#define FILE_ALIGN (2u << 20)            /* whole huge pages, for a hugetlbfs state_dir */

/* The sizes of what the files hold raw: another layout cannot read them. (struct cfgstore's
 * saved part only: its tenant_vni is rebuilt, not saved.) */
#define LAYOUT_SIG                                                                                 \
	((uint64_t)sizeof(struct conn) | (uint64_t)CFG_SAVED_SIZE << 16 |                       \
	 (uint64_t)sizeof(struct cfg_vs) << 40 | (uint64_t)sizeof(struct rs_config) << 52)

struct conn_file_hdr {
	uint64_t magic;
	uint64_t layout;
	uint64_t hz;
	uint64_t size;       /* of the table */
	uint32_t conn_max;
	uint16_t worker;
	uint16_t pad;
	char boot_id[40];
};

struct cfg_file_hdr {
	uint64_t magic;
	uint64_t layout;
	uint32_t n_vs;
	uint32_t n_neigh;
	uint16_t n_ports;
	uint16_t pad;
	uint32_t n_vs_retired; /* services removed softly, kept for their connections */
};

struct neigh_rec {
	union hvlb_addr addr;
	uint8_t mac[6];
	uint16_t port;
	uint8_t af;
	uint8_t is_static;
	uint8_t pad[6];
};

static void
read_boot_id(char *out, size_t len)
{
	FILE *fp = fopen("/proc/sys/kernel/random/boot_id", "r");

	out[0] = '\0';
	if (fp == NULL)
		return;
	if (fgets(out, (int)len, fp) != NULL)
		out[strcspn(out, "\n")] = '\0';
	fclose(fp);
}

static void
path_of(const struct persist *p, char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", p->dir, name);
}

/* conns.<n> -> conns.<n>.restore, unless an earlier start left that one (it then holds what
 * the run before the interrupted start had, and the partial new file goes). */
static void
set_aside(struct persist *p)
{
	DIR *d = opendir(p->dir);
	struct dirent *e;
	char from[512], to[520];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "conns.", 6) != 0 || strstr(e->d_name, ".restore") != NULL)
			continue;
		path_of(p, from, sizeof(from), e->d_name);
		snprintf(to, sizeof(to), "%s.restore", from);
		if (access(to, F_OK) == 0)
			unlink(from);
		else if (rename(from, to) != 0)
			LOG(WARNING, "cannot set %s aside: %s\n", from, strerror(errno));
	}
	closedir(d);
}

int
persist_open(struct persist *p, const char *dir, uint64_t hz)
{
	memset(p, 0, sizeof(*p));
	p->hz = hz;
	if (dir == NULL || dir[0] == '\0')
		return 0;
	snprintf(p->dir, sizeof(p->dir), "%s", dir);
	if (mkdir(p->dir, 0700) != 0 && errno != EEXIST) {
		LOG(ERR, "state_dir %s: %s\n", p->dir, strerror(errno));
		return -errno;
	}
	read_boot_id(p->boot_id, sizeof(p->boot_id));
	set_aside(p);
	p->on = true;
	LOG(INFO, "connection tables and configuration kept in %s\n", p->dir);
	return 0;
}

/* ---- the configuration file ---- */

static int
read_all(int fd, void *buf, size_t len)
{
	uint8_t *b = buf;

	while (len > 0) {
		ssize_t k = read(fd, b, len);
		if (k <= 0)
			return -1;
		b += k;
		len -= (size_t)k;
	}
	return 0;
}

static int
write_all(int fd, const void *buf, size_t len)
{
	const uint8_t *b = buf;

	while (len > 0) {
		ssize_t k = write(fd, b, len);
		if (k <= 0)
			return -1;
		b += k;
		len -= (size_t)k;
	}
	return 0;
}

/* n services and their reals after the raw store, whose pointers are stale, into *arr (the
 * services or the retired ones), counting them in *n_out. */
static int
load_services(int fd, struct cfg_vs **arr, unsigned *n_out, unsigned *cap, uint32_t n_vs)
{
	*arr = calloc(n_vs > 0 ? n_vs : 1, sizeof(**arr));
	*cap = n_vs > 0 ? n_vs : 1;
	*n_out = 0;
	if (*arr == NULL)
		return -1;
	for (uint32_t i = 0; i < n_vs; i++) {
		struct cfg_vs *v = &(*arr)[i];

		if (read_all(fd, v, sizeof(*v)) != 0)
			return -1;
		v->rs = calloc(v->n_rs > 0 ? v->n_rs : 1, sizeof(*v->rs));
		v->cap_rs = v->n_rs > 0 ? v->n_rs : 1;
		if (v->rs == NULL || read_all(fd, v->rs, sizeof(*v->rs) * v->n_rs) != 0) {
			free(v->rs);
			v->rs = NULL;
			return -1;
		}
		(*n_out)++;
	}
	return 0;
}

static int
load_neighbours(int fd, struct neigh_table *nt, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		struct neigh_rec r;
		struct rte_ether_addr mac;

		if (read_all(fd, &r, sizeof(r)) != 0)
			return -1;
		memcpy(mac.addr_bytes, r.mac, 6);
		neigh_set(nt, r.af, &r.addr, &mac, r.port, r.is_static);
	}
	return 0;
}

bool
persist_load_config(struct persist *p, struct cfgstore *st, struct neigh_table *nt,
		    uint16_t n_ports)
{
	char path[512];
	struct cfg_file_hdr h;
	int fd;

	if (!p->on)
		return false;
	path_of(p, path, sizeof(path), "config");
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		LOG(INFO, "no saved configuration (%s): starting from the file\n", path);
		return false;
	}
	if (read_all(fd, &h, sizeof(h)) != 0 || h.magic != CFG_MAGIC || h.layout != LAYOUT_SIG ||
	    h.n_ports != n_ports) {
		LOG(WARNING, "%s: written by another build or for other ports: starting from the "
			     "file\n", path);
		close(fd);
		return false;
	}
	struct cfgstore saved;

	memset(&saved, 0, sizeof(saved));
	if (read_all(fd, &saved, CFG_SAVED_SIZE) == 0) {
		*st = saved; /* its service arrays are rebuilt below */
		st->vs = st->vs_retired = NULL;
		st->n_vs = st->cap_vs = st->n_vs_retired = st->cap_vs_retired = 0;
	}
	if (st->n_ports != n_ports ||
	    load_services(fd, &st->vs, &st->n_vs, &st->cap_vs, h.n_vs) != 0 ||
	    load_services(fd, &st->vs_retired, &st->n_vs_retired, &st->cap_vs_retired,
			  h.n_vs_retired) != 0 ||
	    load_neighbours(fd, nt, h.n_neigh) != 0) {
		LOG(WARNING, "%s: truncated: starting from the file\n", path);
		close(fd);
		cfg_free_contents(st);
		cfg_init(st, n_ports);
		return false;
	}
	close(fd);
	cfg_tenants_restore(st);
	LOG(INFO, "configuration restored from %s: %u service(s) (and %u removed, kept for their "
		  "connections), version %lu\n", path, st->n_vs, st->n_vs_retired, st->version);
	return true;
}

struct pool_file_hdr {
	uint64_t magic;
	uint64_t size; /* sizeof(struct fnat_pool) */
};

int
persist_save_local_pool(struct persist *p, const struct fnat_pool *pool)
{
	struct pool_file_hdr h = {.magic = POOL_MAGIC, .size = sizeof(*pool)};
	char path[512], tmp[520];
	int fd, rc = 0;

	if (!p->on)
		return 0;
	path_of(p, path, sizeof(path), "local_pool");
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return -errno;
	rc |= write_all(fd, &h, sizeof(h));
	rc |= write_all(fd, pool, sizeof(*pool));
	if (close(fd) != 0 || rc != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return -EIO;
	}
	return 0;
}

bool
persist_load_local_pool(struct persist *p, struct fnat_pool *pool)
{
	struct pool_file_hdr h;
	struct fnat_pool saved;
	const char *err = "";
	char path[512];
	int fd;

	if (!p->on)
		return false;
	path_of(p, path, sizeof(path), "local_pool");
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false; /* never set at run time: the file's [local_pool] */
	memset(&saved, 0, sizeof(saved));
	if (read_all(fd, &h, sizeof(h)) != 0 || h.magic != POOL_MAGIC || h.size != sizeof(saved) ||
	    read_all(fd, &saved, sizeof(saved)) != 0 || fnat_pool_check(&saved, &err) != 0) {
		LOG(WARNING, "%s: unreadable or written by another build %s: the file's "
			     "[local_pool]\n", path, err);
		close(fd);
		return false;
	}
	close(fd);
	*pool = saved;
	LOG(INFO, "local pool restored from %s: %u address(es), ports %u-%u\n", path,
	    saved.n_addrs, saved.port_min, saved.port_max);
	return true;
}

struct neigh_save {
	int fd;
	uint32_t n;
	int err;
};

static void
save_neighbour(void *arg, uint8_t af, const union hvlb_addr *addr,
	       const struct rte_ether_addr *mac, uint16_t port, int is_static)
{
	struct neigh_save *x = arg;
	struct neigh_rec r = {.addr = *addr, .port = port, .af = af, .is_static = !!is_static};

	memcpy(r.mac, mac->addr_bytes, 6);
	x->err |= write_all(x->fd, &r, sizeof(r));
	x->n++;
}

static int
save_config(struct persist *p, const struct cfgstore *st, const struct neigh_table *nt)
{
	char path[512], tmp[520];
	struct cfg_file_hdr h = {.magic = CFG_MAGIC, .layout = LAYOUT_SIG, .n_vs = st->n_vs,
				 .n_vs_retired = st->n_vs_retired, .n_ports = st->n_ports};
	struct neigh_save ns = {0};
	int rc = 0;

	path_of(p, path, sizeof(path), "config");
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	ns.fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (ns.fd < 0)
		return -errno;
	rc |= write_all(ns.fd, &h, sizeof(h));
	rc |= write_all(ns.fd, st, CFG_SAVED_SIZE);
	for (unsigned i = 0; i < st->n_vs; i++) {
		rc |= write_all(ns.fd, &st->vs[i], sizeof(st->vs[i]));
		rc |= write_all(ns.fd, st->vs[i].rs, sizeof(*st->vs[i].rs) * st->vs[i].n_rs);
	}
	for (unsigned i = 0; i < st->n_vs_retired; i++) {
		const struct cfg_vs *v = &st->vs_retired[i];

		rc |= write_all(ns.fd, v, sizeof(*v));
		rc |= write_all(ns.fd, v->rs, sizeof(*v->rs) * v->n_rs);
	}
	neigh_walk(nt, save_neighbour, &ns);
	h.n_neigh = ns.n;
	/* The count is known only now: rewrite the header. */
	rc |= ns.err;
	rc |= pwrite(ns.fd, &h, sizeof(h), 0) == (ssize_t)sizeof(h) ? 0 : -1;
	if (close(ns.fd) != 0 || rc != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return -EIO;
	}
	return 0;
}

void
persist_poll(struct persist *p, const struct cfgstore *st, const struct neigh_table *nt,
	     uint64_t now, bool force)
{
	uint64_t nv = __atomic_load_n(&nt->version, __ATOMIC_RELAXED);

	if (!p->on || (!force && st->version == p->saved_cfg && nv == p->saved_neigh) ||
	    (!force && now - p->last_save < p->hz / 1000 * PERSIST_SAVE_MS))
		return;
	p->last_save = now;
	if (save_config(p, st, nt) != 0) {
		LOG(WARNING, "cannot save the configuration in %s: %s\n", p->dir, strerror(errno));
		return;
	}
	p->saved_cfg = st->version;
	p->saved_neigh = nv;
}

/* ---- connection tables ---- */

void *
persist_conn_alloc(struct persist *p, uint16_t id, size_t size, uint32_t conn_max, int socket)
{
	char path[512], name[32];
	size_t len = (CONN_HDR + size + FILE_ALIGN - 1) & ~(size_t)(FILE_ALIGN - 1);
	struct conn_file_hdr *h;
	void *map;
	int fd;

	if (!p->on)
		return rte_zmalloc_socket("conns", size, RTE_CACHE_LINE_SIZE, socket);
	snprintf(name, sizeof(name), "conns.%u", id);
	path_of(p, path, sizeof(path), name);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		LOG(ERR, "%s: %s\n", path, strerror(errno));
		return NULL;
	}
	if (ftruncate(fd, (off_t)len) != 0) {
		LOG(ERR, "%s: cannot size it to %zu bytes: %s\n", path, len, strerror(errno));
		close(fd);
		return NULL;
	}
	map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		LOG(ERR, "%s: mmap: %s\n", path, strerror(errno));
		return NULL;
	}
	h = map;
	*h = (struct conn_file_hdr){.magic = CONN_MAGIC, .layout = LAYOUT_SIG, .hz = p->hz,
				    .size = size, .conn_max = conn_max, .worker = id};
	memcpy(h->boot_id, p->boot_id, sizeof(h->boot_id));
	p->conns[id].map = map;
	p->conns[id].len = len;
	return (uint8_t *)map + CONN_HDR;
}

void
persist_conn_free(struct persist *p, uint16_t id, void *mem)
{
	if (mem == NULL)
		return;
	if (p->conns[id].map == NULL) {
		rte_free(mem);
		return;
	}
	munmap(p->conns[id].map, p->conns[id].len);
	p->conns[id].map = NULL;
}

struct restore {
	struct worker *const *workers;
	uint16_t n;
	uint64_t ok;
	uint64_t failed;
};

/* One connection of an old table into the table of its owner now. */
static int
restore_one(void *arg, const struct conn *c)
{
	struct restore *r = arg;
	uint16_t o = steer_owner_of_tuple(r->n, &c->orig, true);
	struct worker *w = r->workers[o];
	struct conn copy = *c;
	struct conn *nc;

	/* Overrides do not survive (at home now), nor the SYN proxy's counts of the old run. */
	copy.flags &= (uint8_t)~(CONN_FL_STEERED | CONN_FL_SP_EMB);
	/* Its service's timeout set now (the saved store keeps the sets, but a store started
	 * from the file numbers them anew); a retired service keeps the one it had. */
	const struct vs *vs = vs_lookup_tenant(w->snap->vst, c->orig.pad, c->orig.proto,
					       &c->orig.dst, c->orig.dport);

	if (vs != NULL)
		copy.to_set = vs->to_set;
	if (c->vs_slot >= VS_MAX_SLOTS || /* rs_slot: every uint16_t is a slot of rs_active */
	    (nc = conn_import(w->conns, &copy)) == NULL) {
		r->failed++;
		return 0;
	}
	w->rs_active[nc->rs_slot]++;
	w->vs_active[nc->vs_slot]++;
	r->ok++;
	return 0;
}

/* The table in one old file, or NULL (logged) when this run cannot use it. */
static const struct conn_table *
old_table(struct persist *p, const char *path, void **map, size_t *len)
{
	const struct conn_file_hdr *h;
	struct stat sb;
	int fd = open(path, O_RDONLY);

	*map = NULL;
	if (fd < 0 || fstat(fd, &sb) != 0 || (size_t)sb.st_size < CONN_HDR) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	*len = (size_t)sb.st_size;
	/* Private: attaching rewrites the table's pointers in our copy only. */
	*map = mmap(NULL, *len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (*map == MAP_FAILED) {
		*map = NULL;
		return NULL;
	}
	h = *map;
	if (h->magic != CONN_MAGIC || h->layout != LAYOUT_SIG || h->hz != p->hz ||
	    strncmp(h->boot_id, p->boot_id, sizeof(h->boot_id)) != 0 ||
	    h->size + CONN_HDR > *len) {
		LOG(WARNING, "%s: from another build, clock or boot: its connections are lost\n",
		    path);
		return NULL;
	}
	return conn_table_attach((uint8_t *)*map + CONN_HDR, h->size, h->conn_max);
}

uint64_t
persist_restore_conns(struct persist *p, struct worker *const *workers, uint16_t n)
{
	struct restore r = {.workers = workers, .n = n};
	DIR *d;
	struct dirent *e;
	char path[512];

	if (!p->on || (d = opendir(p->dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		const struct conn_table *t;
		uint32_t cursor = 0;
		void *map;
		size_t len = 0;

		if (strncmp(e->d_name, "conns.", 6) != 0 || strstr(e->d_name, ".restore") == NULL)
			continue;
		path_of(p, path, sizeof(path), e->d_name);
		t = old_table(p, path, &map, &len);
		if (t != NULL)
			conn_walk(t, &cursor, UINT32_MAX, restore_one, &r);
		if (map != NULL)
			munmap(map, len);
		unlink(path);
	}
	closedir(d);
	p->restored = r.ok;
	p->restore_failed = r.failed;
	if (r.ok > 0 || r.failed > 0)
		LOG(INFO, "%lu connection(s) restored, %lu lost for want of room\n", r.ok, r.failed);
	return r.ok;
}
