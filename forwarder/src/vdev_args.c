/* SPDX-License-Identifier: BSD-3-Clause */
/* The --vdev arguments of the command line (vdev_args.h). */
#define _GNU_SOURCE /* asprintf */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vdev_args.h"

const char *
vdev_arg(const char *a, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = strchr(a, ','); p != NULL; p = strchr(p + 1, ','))
		if (strncmp(p + 1, key, n) == 0 && p[1 + n] == '=')
			return p + 2 + n;
	return NULL;
}

int
vdev_argv_map(int argc, char **argv, char ***out, char *(*rewrite)(char *devargs))
{
	char **v = calloc((size_t)argc + 1, sizeof(*v));

	if (v == NULL)
		return -1;
	for (int i = 0; i < argc; i++) {
		v[i] = argv[i];
		if (strcmp(argv[i], "--") == 0) { /* the application's own options follow */
			for (int j = i + 1; j < argc; j++)
				v[j] = argv[j];
			break;
		}
		if (strcmp(argv[i], "--vdev") == 0 && i + 1 < argc) {
			v[i + 1] = rewrite(argv[i + 1]);
			i++;
		} else if (strncmp(argv[i], "--vdev=", 7) == 0) {
			char *a = rewrite(argv[i] + 7), *n;

			if (a != argv[i] + 7) {
				if (a == NULL || asprintf(&n, "--vdev=%s", a) < 0)
					n = NULL;
				free(a);
				v[i] = n;
			}
		}
		if (v[i] == NULL) {
			free(v);
			return -1;
		}
	}
	*out = v;
	return argc;
}
