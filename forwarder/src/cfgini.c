/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The start-up file's INI syntax (cfgini.h). rte_cfgfile keeps no line numbers, and finding
 * them in a second pass over the text would mean two parsers of one syntax that must agree;
 * this one replaces it, at about the same size.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_log.h>

#include "cfgini.h"

/* A start-up file is a few kilobytes; this only stops a wrong path (a disk image) early. */
#define CFGINI_MAX_SIZE (16u << 20)

/* "path:line: message" (the line left out when 0). Without the log's "USER1: ", so that
 * --check-config prints what a compiler would. */
static void __rte_format_printf(3, 4)
syntax_err(const char *path, unsigned line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (line > 0)
		rte_log(RTE_LOG_ERR, RTE_LOGTYPE_USER1, "%s:%u: %s\n", path, line, msg);
	else
		rte_log(RTE_LOG_ERR, RTE_LOGTYPE_USER1, "%s: %s\n", path, msg);
}

/* s trimmed of blanks at both ends, in place. */
static char *
strip(char *s)
{
	char *e = s + strlen(s);

	while (isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static char *
read_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "r");
	char *buf = NULL;
	long size;

	if (fp == NULL)
		goto fail;
	if (fseek(fp, 0, SEEK_END) != 0 || (size = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0)
		goto fail_close;
	if ((unsigned long)size > CFGINI_MAX_SIZE) {
		errno = EFBIG;
		goto fail_close;
	}
	buf = malloc((size_t)size + 1);
	if (buf == NULL)
		goto fail_close;
	*len = fread(buf, 1, (size_t)size, fp);
	if (ferror(fp))
		goto fail_free;
	buf[*len] = '\0';
	fclose(fp);
	return buf;
fail_free:
	free(buf);
fail_close:
	fclose(fp);
fail:
	syntax_err(path, 0, "cannot read: %s", strerror(errno != 0 ? errno : EIO));
	return NULL;
}

static int
add_section(struct cfgini *ini, const char *name, unsigned line)
{
	const struct cfgini_section *old = cfgini_section(ini, name);
	struct cfgini_section *s;

	if (old != NULL) {
		syntax_err(ini->path, line, "[%s] again (first at line %u)", name, old->line);
		return -1;
	}
	s = realloc(ini->sect, sizeof(*s) * (ini->n_sect + 1));
	if (s == NULL) {
		syntax_err(ini->path, line, "out of memory");
		return -1;
	}
	ini->sect = s;
	s[ini->n_sect++] = (struct cfgini_section){.name = name, .line = line, .first = ini->n_ent};
	return 0;
}

static int
add_entry(struct cfgini *ini, const char *name, const char *value, unsigned line)
{
	struct cfgini_section *s = &ini->sect[ini->n_sect - 1];
	struct cfgini_entry *e;

	for (unsigned i = s->first; i < s->first + s->n; i++)
		if (strcmp(ini->ent[i].name, name) == 0) {
			syntax_err(ini->path, line, "[%s] %s: given again (first at line %u)", s->name,
				   name, ini->ent[i].line);
			return -1;
		}
	e = realloc(ini->ent, sizeof(*e) * (ini->n_ent + 1));
	if (e == NULL) {
		syntax_err(ini->path, line, "out of memory");
		return -1;
	}
	ini->ent = e;
	e[ini->n_ent++] = (struct cfgini_entry){.name = name, .value = value, .line = line};
	s->n++;
	return 0;
}

/* One line, its comment already cut off and stripped (not empty). */
static int
parse_line(struct cfgini *ini, char *l, unsigned line)
{
	char *name, *value, *end;

	if (l[0] == '[') {
		end = strchr(l, ']');
		if (end == NULL || *strip(end + 1) != '\0') {
			syntax_err(ini->path, line, "'%s': a section is [name] alone on its line", l);
			return -1;
		}
		*end = '\0';
		name = strip(l + 1);
		if (*name == '\0' || strlen(name) >= CFGINI_NAME_LEN) {
			syntax_err(ini->path, line, "a section name has 1 to %u characters",
				   CFGINI_NAME_LEN - 1);
			return -1;
		}
		return add_section(ini, name, line);
	}
	value = strchr(l, '=');
	if (value == NULL) {
		syntax_err(ini->path, line, "'%s': not [section] nor key = value", l);
		return -1;
	}
	*value++ = '\0';
	name = strip(l);
	value = strip(value);
	if (ini->n_sect == 0) {
		syntax_err(ini->path, line, "%s: a key before any [section]", name);
		return -1;
	}
	if (*name == '\0' || strlen(name) >= CFGINI_NAME_LEN || *value == '\0' ||
	    strlen(value) >= CFGINI_VALUE_LEN) {
		syntax_err(ini->path, line, "'%s': a key has 1 to %u characters, its value 1 to %u",
			   name, CFGINI_NAME_LEN - 1, CFGINI_VALUE_LEN - 1);
		return -1;
	}
	return add_entry(ini, name, value, line);
}

struct cfgini *
cfgini_load(const char *path)
{
	struct cfgini *ini = calloc(1, sizeof(*ini));
	size_t len = 0;
	unsigned line = 0;
	char *l, *next;

	if (ini == NULL || (ini->path = strdup(path)) == NULL) {
		syntax_err(path, 0, "out of memory");
		goto fail;
	}
	ini->text = read_file(path, &len);
	if (ini->text == NULL)
		goto fail;
	if (memchr(ini->text, '\0', len) != NULL) {
		syntax_err(path, 0, "a NUL byte: not a text file");
		goto fail;
	}
	for (l = ini->text; l != NULL; l = next) {
		char *c;

		line++;
		next = strchr(l, '\n');
		if (next != NULL)
			*next++ = '\0';
		c = strchr(l, ';');
		if (c != NULL)
			*c = '\0';
		l = strip(l);
		if (*l != '\0' && parse_line(ini, l, line) != 0)
			goto fail;
	}
	return ini;
fail:
	cfgini_free(ini);
	return NULL;
}

void
cfgini_free(struct cfgini *ini)
{
	if (ini == NULL)
		return;
	free(ini->path);
	free(ini->text);
	free(ini->sect);
	free(ini->ent);
	free(ini);
}

const struct cfgini_section *
cfgini_section(const struct cfgini *ini, const char *name)
{
	for (unsigned i = 0; i < ini->n_sect; i++)
		if (strcmp(ini->sect[i].name, name) == 0)
			return &ini->sect[i];
	return NULL;
}

static const struct cfgini_entry *
find_entry(const struct cfgini *ini, const struct cfgini_section *s, const char *key)
{
	for (unsigned i = s->first; i < s->first + s->n; i++)
		if (strcmp(ini->ent[i].name, key) == 0)
			return &ini->ent[i];
	return NULL;
}

const char *
cfgini_get(const struct cfgini *ini, const char *sect, const char *key)
{
	const struct cfgini_section *s = cfgini_section(ini, sect);
	const struct cfgini_entry *e = s != NULL ? find_entry(ini, s, key) : NULL;

	return e != NULL ? e->value : NULL;
}

void
cfgini_err(const struct cfgini *ini, const char *sect, const char *key, const char *fmt, ...)
{
	const struct cfgini_section *s = sect != NULL ? cfgini_section(ini, sect) : NULL;
	const struct cfgini_entry *e = s != NULL && key != NULL ? find_entry(ini, s, key) : NULL;
	unsigned line = e != NULL ? e->line : s != NULL ? s->line : 0;
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (sect == NULL)
		syntax_err(ini->path, line, "%s", msg);
	else if (key == NULL)
		syntax_err(ini->path, line, "[%s]: %s", sect, msg);
	else
		syntax_err(ini->path, line, "[%s] %s: %s", sect, key, msg);
}
