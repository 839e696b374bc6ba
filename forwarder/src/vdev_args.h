/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The --vdev arguments of the command line, before the EAL reads them: what a device's devargs
 * set, and the command line with each one rewritten (port_afp.c adds af_packet ports' frame
 * size and ring, port_kfp.c gives AF_XDP ports hvlb's XDP program).
 */
#ifndef HVLB_VDEV_ARGS_H
#define HVLB_VDEV_ARGS_H

/* Where devargs (after the device name) set key ("framesz" matches ",framesz=" only): its
 * value; NULL when they do not. */
const char *vdev_arg(const char *devargs, const char *key);

/* *out: argv with each --vdev's devargs (both "--vdev X" and "--vdev=X", up to a "--")
 * replaced by rewrite(X): X itself where it needs nothing, a new string, or NULL for want of
 * memory. Returns argc, or -1 (out of memory). */
int vdev_argv_map(int argc, char **argv, char ***out, char *(*rewrite)(char *devargs));

#endif
