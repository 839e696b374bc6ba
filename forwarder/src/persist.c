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

#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_log.h>
#include <rte_malloc.h>

#include "conn_layout.h"
#include "fwd.pb-c.h"
#include "log_kv.h"
#include "persist.h"

#define LOG(l, ...) RTE_LOG(l, USER1, "state: " __VA_ARGS__)

#define CONN_MAGIC 0x334e4e4f43424c56ull /* "VLBCONN3": a table with its layout (conn_layout.h) */
#define CONN_FORMAT 1                    /* of struct conn_file_hdr; another is not read */
#define CFG_MAGIC 0x3247464353424c56ull  /* "VLBSCFG2": a SavedConfig message */
#define CFG_MAGIC_RAW 0x3147464342424c56ull /* "VLBBCFG1": earlier builds' raw structs */
#define POOL_MAGIC 0x324c4f4f50424c56ull /* "VLBPOOL2": a SetLocalPool message */
#define POOL_MAGIC_RAW 0x314c4f4f50424c56ull /* "VLBPOOL1": earlier builds' struct fnat_pool */
#define MSG_MAX_LEN (256u << 20)         /* a message file larger is no such file */
#define CONN_HDR 4096                    /* the table starts one page into its file */
#define FILE_ALIGN (2u << 20)            /* whole huge pages, for a hugetlbfs state_dir */

/* A connection file's first page, in fixed-width types so that every build reads every
 * other's: what the table's entries look like (layout) and where they are. */
struct conn_file_hdr {
	uint64_t magic;
	uint32_t format;     /* CONN_FORMAT */
	uint32_t capacity;   /* entries in the table (conn_table_capacity_for(conn_max)) */
	uint64_t hz;
	uint64_t size;       /* of the table */
	uint32_t conn_max;
	uint16_t worker;
	uint16_t pad;
	char boot_id[40];
	struct conn_layout layout;
};

_Static_assert(sizeof(struct conn_file_hdr) <= CONN_HDR,
	       "a connection file's header fits its page");

static const struct persist_codec *codec;

void
persist_set_codec(const struct persist_codec *c)
{
	codec = c;
}

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

static void
remap_identity(struct persist_remap *m)
{
	for (unsigned i = 0; i < RTE_DIM(m->tenant); i++)
		m->tenant[i] = (uint16_t)i;
	for (unsigned i = 0; i < RTE_DIM(m->to_set); i++)
		m->to_set[i] = (uint8_t)i;
}

int
persist_open(struct persist *p, const char *dir, uint64_t hz)
{
	memset(p, 0, sizeof(*p));
	p->hz = hz;
	remap_identity(&p->map);
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

/* A message file (state_dir/name): this header, then the message's len bytes. */
struct msg_file_hdr {
	uint64_t magic;
	uint64_t len;
};

/* Write name atomically (a temporary file renamed): 0 or -errno. */
static int
save_msg(struct persist *p, const char *name, uint64_t magic, const uint8_t *buf, size_t len)
{
	struct msg_file_hdr h = {.magic = magic, .len = len};
	char path[512], tmp[520];
	int fd, rc;

	path_of(p, path, sizeof(path), name);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return -errno;
	rc = write_all(fd, &h, sizeof(h));
	rc |= write_all(fd, buf, len);
	if (close(fd) != 0 || rc != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return -EIO;
	}
	return 0;
}

/* The message in path (magic; raw: the magic of the raw structs earlier builds wrote there)
 * in *buf (malloc'd, *len bytes): 0, -ENOENT when there is no file, else -EINVAL with err
 * saying what is wrong. */
static int
load_msg(const char *path, uint64_t magic, uint64_t raw, uint8_t **buf, size_t *len, char *err,
	 size_t err_len)
{
	struct msg_file_hdr h;
	int fd = open(path, O_RDONLY), rc = -EINVAL;

	*buf = NULL;
	if (fd < 0)
		return -ENOENT;
	if (read_all(fd, &h, sizeof(h)) != 0 || (h.magic != magic && h.magic != raw))
		snprintf(err, err_len, "not a saved state file");
	else if (h.magic == raw)
		snprintf(err, err_len, "raw structures of a build before saved state was "
			 "messages, which no build reads any more");
	else if (h.len > MSG_MAX_LEN || (*buf = malloc(h.len > 0 ? h.len : 1)) == NULL ||
		 read_all(fd, *buf, h.len) != 0)
		snprintf(err, err_len, "truncated (%lu bytes announced)", h.len);
	else
		rc = 0;
	close(fd);
	*len = h.len;
	if (rc != 0) {
		free(*buf);
		*buf = NULL;
	}
	return rc;
}

bool
persist_load_config(struct persist *p, void *arg, struct cfgstore *st, uint16_t n_ports)
{
	char path[512], err[CFG_ERR_LEN] = "";
	uint8_t *buf;
	size_t len;
	int rc;

	if (!p->on)
		return false;
	path_of(p, path, sizeof(path), "config");
	if (codec == NULL) {
		LOG(WARNING, "%s: this program saves no configuration: starting from the file\n",
		    path);
		return false;
	}
	rc = load_msg(path, CFG_MAGIC, CFG_MAGIC_RAW, &buf, &len, err, sizeof(err));
	if (rc == -ENOENT) {
		LOG_KV(INFO, "no saved configuration: starting from the file", LOG_S("path", path));
		return false;
	}
	if (rc == 0)
		rc = codec->load(arg, buf, len, &p->map, err, sizeof(err));
	free(buf);
	if (rc != 0) {
		p->config_refused++;
		LOG_KV(WARNING, "saved configuration refused: starting from the file's, "
				"without the saved connections",
		       LOG_S("path", path), LOG_S(LOG_K_ERR, err));
		void (*born)(void *, int, uint16_t, uint16_t) = st->slot_born;
		void *born_arg = st->slot_born_arg;

		remap_identity(&p->map);
		cfg_free_contents(st);
		cfg_init(st, n_ports);
		st->slot_born = born;
		st->slot_born_arg = born_arg;
		return false;
	}
	/* retired: services removed, kept for their connections. */
	LOG_KV(INFO, "configuration restored", LOG_S("path", path), LOG_U("services", st->n_vs),
	       LOG_U("retired", st->n_vs_retired), LOG_U("version", st->version));
	return true;
}

int
persist_save_local_pool(struct persist *p, const struct fnat_pool *pool)
{
	Hvlb__Fwd__V1__SetLocalPool m = HVLB__FWD__V1__SET_LOCAL_POOL__INIT;
	char text[FNAT_MAX_LADDRS][64], *addrs[FNAT_MAX_LADDRS];
	uint8_t buf[FNAT_MAX_LADDRS * 72 + 32]; /* an address is at most 48 bytes there */
	size_t len;

	if (!p->on)
		return 0;
	for (unsigned i = 0; i < pool->n_addrs && i < FNAT_MAX_LADDRS; i++) {
		cfg_format_addr(&pool->addrs[i], pool->af[i], text[i], sizeof(text[i]));
		addrs[i] = text[i];
	}
	m.addresses = addrs;
	m.n_addresses = pool->n_addrs;
	m.port_min = pool->port_min;
	m.port_max = pool->port_max;
	len = hvlb__fwd__v1__set_local_pool__get_packed_size(&m);
	if (len > sizeof(buf))
		return -E2BIG;
	hvlb__fwd__v1__set_local_pool__pack(&m, buf);
	return save_msg(p, "local_pool", POOL_MAGIC, buf, len);
}

/* A SetLocalPool message as a pool, checked as the request would be. */
static int
pool_of(const uint8_t *buf, size_t len, struct fnat_pool *pool, char *err, size_t err_len)
{
	Hvlb__Fwd__V1__SetLocalPool *m = hvlb__fwd__v1__set_local_pool__unpack(NULL, len, buf);
	const char *why = "";
	int rc = -EINVAL;

	memset(pool, 0, sizeof(*pool));
	if (m == NULL)
		snprintf(err, err_len, "not a SetLocalPool message");
	else if (m->n_addresses > FNAT_MAX_LADDRS || m->port_max > UINT16_MAX)
		snprintf(err, err_len, "%zu addresses, ports up to %u", m->n_addresses,
			 m->port_max);
	else
		rc = 0;
	for (size_t i = 0; rc == 0 && i < m->n_addresses; i++)
		if (cfg_parse_addr(m->addresses[i], &pool->addrs[i], &pool->af[i]) != 0) {
			snprintf(err, err_len, "addresses[%zu]: not an address", i);
			rc = -EINVAL;
		}
	if (rc == 0) {
		pool->n_addrs = (uint16_t)m->n_addresses;
		pool->port_min = (uint16_t)m->port_min;
		pool->port_max = (uint16_t)m->port_max;
		if (fnat_pool_check(pool, &why) != 0) {
			snprintf(err, err_len, "%s", why);
			rc = -EINVAL;
		}
	}
	if (m != NULL)
		hvlb__fwd__v1__set_local_pool__free_unpacked(m, NULL);
	return rc;
}

bool
persist_load_local_pool(struct persist *p, struct fnat_pool *pool)
{
	char path[512], err[128] = "";
	struct fnat_pool saved;
	uint8_t *buf;
	size_t len;
	int rc;

	if (!p->on)
		return false;
	path_of(p, path, sizeof(path), "local_pool");
	rc = load_msg(path, POOL_MAGIC, POOL_MAGIC_RAW, &buf, &len, err, sizeof(err));
	if (rc == -ENOENT)
		return false; /* never set at run time: the file's [local_pool] */
	if (rc == 0)
		rc = pool_of(buf, len, &saved, err, sizeof(err));
	free(buf);
	if (rc != 0) {
		LOG(WARNING, "%s: %s: the file's [local_pool]\n", path, err);
		return false;
	}
	*pool = saved;
	LOG(INFO, "local pool restored from %s: %u address(es), ports %u-%u\n", path,
	    saved.n_addrs, saved.port_min, saved.port_max);
	return true;
}

static int
save_config(struct persist *p, void *arg)
{
	uint8_t *buf = NULL;
	size_t len = 0;
	int rc = codec->save(arg, &buf, &len);

	if (rc == 0)
		rc = save_msg(p, "config", CFG_MAGIC, buf, len);
	free(buf);
	return rc;
}

void
persist_poll(struct persist *p, void *arg, const struct cfgstore *st,
	     const struct neigh_table *nt, uint64_t now, bool force)
{
	uint64_t nv = __atomic_load_n(&nt->version, __ATOMIC_RELAXED);
	int rc;

	if (!p->on || codec == NULL ||
	    (!force && st->version == p->saved_cfg && nv == p->saved_neigh) ||
	    (!force && now - p->last_save < p->hz / 1000 * PERSIST_SAVE_MS))
		return;
	p->last_save = now;
	rc = save_config(p, arg);
	if (rc != 0) {
		LOG(WARNING, "cannot save the configuration in %s: %s\n", p->dir, strerror(-rc));
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
	*h = (struct conn_file_hdr){.magic = CONN_MAGIC, .format = CONN_FORMAT, .hz = p->hz,
				    .capacity = conn_table_capacity_for(conn_max), .size = size,
				    .conn_max = conn_max, .worker = id};
	memcpy(h->boot_id, p->boot_id, sizeof(h->boot_id));
	conn_layout_get(&h->layout);
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
	const struct persist_remap *map;
	uint16_t n;
	uint64_t ok;
	uint64_t failed;
	uint64_t refused; /* files */
};

/* One connection of an old table into the table of its owner now. */
static int
restore_one(void *arg, const struct conn *c)
{
	struct restore *r = arg;
	const struct persist_remap *m = r->map;
	struct conn copy = *c;
	struct flow_key key;
	union hvlb_addr vip = conn_orig_dst(c);
	struct worker *w;
	struct conn *nc;

	/* Indexes the replayed configuration may have numbered anew (persist_load_config): the
	 * tenant is part of the key, so before the owner is found. */
	copy.orig.pad = c->orig.pad < RTE_DIM(m->tenant) ? m->tenant[c->orig.pad] : 0;
	copy.to_set = m->to_set[c->to_set];
	conn_orig_key(&copy, &key);
	w = r->workers[steer_owner_of_tuple(r->n, &key, true)];
	/* Overrides do not survive (at home now), nor the SYN proxy's counts of the old run. */
	copy.flags &= (uint8_t)~(CONN_FL_STEERED | CONN_FL_SP_EMB);
	/* Its service's timeout set now (a store started from the file numbers them anew); a
	 * retired service keeps the one it had. */
	const struct vs *vs = vs_lookup_tenant(w->snap->vst, copy.orig.pad, copy.orig.proto,
					       &vip, copy.orig.dport);

	if (vs != NULL)
		copy.to_set = vs->to_set;
	if ((c->orig.pad != 0 && copy.orig.pad == 0) ||
	    c->vs_slot >= VS_MAX_SLOTS || /* rs_slot: every uint16_t is a slot of rs_active */
	    (nc = conn_import(w->conns, &copy)) == NULL) {
		r->failed++;
		return 0;
	}
	w->rs_active[nc->rs_slot]++;
	w->vs_active[nc->vs_slot]++;
	r->ok++;
	return 0;
}

/* A table whose entries are laid out otherwise (another build: conn_layout.h): each entry
 * read by field into this build's struct conn, then restored as any other. */
static void
restore_by_field(struct restore *r, const char *path, const struct conn_file_hdr *h, size_t len)
{
	const struct conn_layout *old = &h->layout;
	struct conn_layout_plan plan;
	uint64_t unfit = 0, ok = r->ok;
	char why[128];
	struct conn c;

	if (conn_layout_plan(old, h->hz, &plan, why, sizeof(why)) != 0 ||
	    (CONN_HDR + old->entries_off + (uint64_t)h->capacity * old->entry_size > len &&
	     snprintf(why, sizeof(why), "entries past the file's end") > 0)) {
		LOG(WARNING, "%s: connection layout unreadable (%s): its connections are lost\n",
		    path, why);
		r->refused++;
		return;
	}
	for (uint32_t i = 0; i < h->capacity; i++) {
		const uint8_t *e = (const uint8_t *)h + CONN_HDR + old->entries_off +
				   (size_t)i * old->entry_size;
		int rc = conn_layout_read(&plan, e, &c);

		if (rc < 0)
			unfit++;
		else if (rc > 0)
			restore_one(r, &c);
	}
	r->failed += unfit;
	LOG(INFO, "%s: another build's connection layout (%u-byte entries, %u field(s)), read by "
		  "field: %lu connection(s), %u field(s) of this build defaulted, %u unknown "
		  "one(s) dropped, %lu with a value too large for this build\n",
	    path, old->entry_size, old->n_fields, r->ok - ok, plan.missing, plan.unknown, unfit);
}

/* The connections of one old file into the workers' tables: as they are when the file's
 * layout is this build's (the table attached in place), else by field. A file this run cannot
 * use at all (another boot, clock or file format) is logged and counted, and skipped. */
static void
restore_file(struct persist *p, struct restore *r, const char *path)
{
	const struct conn_file_hdr *h;
	struct conn_layout cur;
	const struct conn_table *t;
	struct stat sb;
	size_t len;
	void *map;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &sb) != 0 || (size_t)sb.st_size < CONN_HDR) {
		if (fd >= 0)
			close(fd);
		LOG(WARNING, "%s: unreadable or truncated: its connections are lost\n", path);
		r->refused++;
		return;
	}
	len = (size_t)sb.st_size;
	/* Private: attaching rewrites the table's pointers in our copy only. */
	map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		LOG(WARNING, "%s: mmap: %s: its connections are lost\n", path, strerror(errno));
		r->refused++;
		return;
	}
	h = map;
	conn_layout_get(&cur);
	if (h->magic != CONN_MAGIC || h->format != CONN_FORMAT) {
		LOG(WARNING, "%s: not a connection table of this format (magic %#lx, format %u; "
			     "this build reads %#llx format %u): its connections are lost\n", path,
		    h->magic, h->magic == CONN_MAGIC ? h->format : 0, CONN_MAGIC, CONN_FORMAT);
		r->refused++;
	} else if (h->hz != p->hz || strncmp(h->boot_id, p->boot_id, sizeof(h->boot_id)) != 0 ||
		   h->size + CONN_HDR > len) {
		/* The deadlines are TSC ticks: meaningless on another clock or boot. */
		LOG(WARNING, "%s: from another clock or boot: its connections are lost\n", path);
		r->refused++;
	} else if (!conn_layout_equal(&h->layout, &cur)) {
		restore_by_field(r, path, h, len);
	} else if ((t = conn_table_attach((uint8_t *)map + CONN_HDR, h->size, h->conn_max)) ==
		   NULL) {
		LOG(WARNING, "%s: not a table of %u connections: they are lost\n", path,
		    h->conn_max);
		r->refused++;
	} else {
		uint32_t cursor = 0;

		conn_walk(t, &cursor, UINT32_MAX, restore_one, r);
	}
	munmap(map, len);
}

uint64_t
persist_restore_conns(struct persist *p, struct worker *const *workers, uint16_t n)
{
	struct restore r = {.workers = workers, .map = &p->map, .n = n};
	DIR *d;
	struct dirent *e;
	char path[512];

	if (!p->on || (d = opendir(p->dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "conns.", 6) != 0 || strstr(e->d_name, ".restore") == NULL)
			continue;
		path_of(p, path, sizeof(path), e->d_name);
		/* Its connections name the slots and generations of the refused configuration:
		 * against the file's they would find other services. A clean start. */
		if (p->config_refused > 0) {
			LOG(WARNING, "%s: the saved configuration was refused: its connections are "
				     "lost\n", path);
			r.refused++;
		} else {
			restore_file(p, &r, path);
		}
		unlink(path);
	}
	closedir(d);
	p->restored = r.ok;
	p->restore_failed = r.failed;
	p->files_refused = r.refused;
	if (r.ok > 0 || r.failed > 0 || r.refused > 0)
		LOG_KV(INFO, "connections restored", LOG_U("restored", r.ok),
		       LOG_U("lost", r.failed), LOG_U("files_refused", r.refused));
	return r.ok;
}
