#!/usr/bin/env bash
# Installs every dependency hvlb needs on a fresh Debian 12 machine, as root.
# Idempotent: a second run installs nothing and takes a second or two.
set -euo pipefail

APT_PKGS=(
	build-essential pkg-config meson ninja-build
	libdpdk-dev dpdk dpdk-dev
	libprotobuf-c-dev protobuf-c-compiler protobuf-compiler
	libbsd-dev libnuma-dev libpcap-dev
	iproute2 iputils-ping curl iperf3 ethtool procps psmisc
	python3 valgrind
	iptables libmnl-dev
	sip-tester
	chromium
	clang libclang-rt-dev
	frr etcd-server etcd-client libssl-dev
	systemd-container
	nftables
	prometheus
	openvswitch-switch-dpdk
	libusrsctp-dev
	tcpdump
)
# tcpdump: reads `hvlbctl capture`'s pcapng in tests/e2e/test_capture.py.
# iptables and libmnl-dev: the lab's link delay (lab/netdelay.py, an NFQUEUE delay line; the
# kernel has no netem or fq). sip-tester: sipp, the SIP peer the sip health check is tested
# against (internal/health, tests/e2e). chromium: headless, for the web dashboard's end-to-end
# test (tests/e2e/test_dashboard.py). clang and libclang-rt-dev (libFuzzer and the sanitizer
# runtimes): the sanitized and fuzzing build (make san, docs/testing.md). frr: the lab's
# upstream routers (bgpd and zebra) that the agents' BGP speakers peer with (lab/frr.py).
# etcd-server and etcd-client: the controllers' highly available store. libssl-dev: HMAC for
# the forwarders' connection sync. systemd-container: systemd-nspawn, which boots a real systemd
# as PID 1 of a container for the packages' units (tests/packaging/test_systemd.py). nftables:
# the kernel's own DNAT that bench/kernelpath.py measures the kernel-interface path against.
# prometheus (with promtool): the alert rules' check (packaging/prometheus/hvlb-rules.yml,
# tests/unit_py) and the operations test's own Prometheus (tests/e2e/test_operations.py); its
# system service is disabled below. openvswitch-switch-dpdk: ovs-vswitchd-dpdk, the OVS-DPDK that
# bench/nfv.py measures hvlb against on vhost-user ports; the benchmark runs its own ovsdb-server
# and ovs-vswitchd-dpdk in a private directory (the system service, when this script installed
# it, is disabled below; the package's default ovs-vswitchd is the kernel-datapath one).
# libusrsctp-dev: a user-space SCTP stack over raw IP, for the SCTP end-to-end test's
# endpoints (forwarder/tools/sctp_peer.c, tests/e2e/test_sctp.py): the kernel has no SCTP
# module. The scheduling benchmark's extras are in scripts/deps-bench.sh.
PY_PKGS=(scapy pytest yaml google.protobuf schemathesis)
# pip names for the import names above (protobuf pinned to the Debian protoc 3.21 generator).
declare -A PIP_NAME=([yaml]=pyyaml [google.protobuf]=protobuf==4.21.12)

need_root() {
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps.sh: must run as root (apt-get install); run: sudo $0" >&2
		exit 1
	fi
}

# Whether a system Open vSwitch was on the machine before this run (see below).
ovs_before=0
dpkg-query -W -f='${Status}' openvswitch-switch 2>/dev/null | grep -q "install ok installed" &&
	ovs_before=1

missing_apt=()
for p in "${APT_PKGS[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing_apt+=("$p")
done
if [ "${#missing_apt[@]}" -gt 0 ]; then
	need_root
	echo "deps.sh: installing ${missing_apt[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${missing_apt[@]}" >/dev/null
fi

# Debian's prometheus package enables (and, where allowed, starts) a system Prometheus on
# :9090 with its own data; the tests run their own on a free loopback port, and this machine
# needs no other. Stopped and disabled once; a second run finds it disabled and does nothing.
if [ -e /lib/systemd/system/prometheus.service ] && command -v systemctl >/dev/null 2>&1 &&
	[ "$(systemctl is-enabled prometheus.service 2>/dev/null)" = enabled ]; then
	need_root
	echo "deps.sh: disabling the prometheus system service (the tests run their own)"
	systemctl disable prometheus.service >/dev/null 2>&1 || true
	if [ -d /run/systemd/system ]; then
		systemctl stop prometheus.service || true
	elif [ -x /etc/init.d/prometheus ]; then
		/etc/init.d/prometheus stop >/dev/null 2>&1 || true
	fi
fi
if [ -x /etc/init.d/prometheus ] && [ ! -d /run/systemd/system ] && command -v update-rc.d >/dev/null 2>&1 &&
	ls /etc/rc[2-5].d/S*prometheus >/dev/null 2>&1; then
	need_root
	/etc/init.d/prometheus stop >/dev/null 2>&1 || true
	update-rc.d prometheus disable >/dev/null 2>&1 || true
fi

# openvswitch-switch (which openvswitch-switch-dpdk pulls in) enables and, where the machine
# lets packages start services, starts a system ovsdb-server and ovs-vswitchd
# (openvswitch-switch.service with ovs-record-hostname.service; /etc/init.d/openvswitch-switch
# without systemd). Nothing here needs them: bench/nfv.py runs its own in a private directory,
# and a system one would load the openvswitch kernel module and keep two daemons among the
# tests. When this script is what installed it, it is stopped and disabled at once; an OVS that
# was on the machine before (perhaps carrying its network) is left as it is.
if [ "$ovs_before" = 0 ] &&
	dpkg-query -W -f='${Status}' openvswitch-switch 2>/dev/null | grep -q "install ok installed"; then
	need_root
	echo "deps.sh: disabling the openvswitch-switch system service (bench/nfv.py runs its own OVS)"
	if command -v systemctl >/dev/null 2>&1; then
		# disable works on the unit files with or without a running systemd.
		systemctl disable openvswitch-switch.service ovs-record-hostname.service >/dev/null 2>&1 || true
		if [ -d /run/systemd/system ]; then
			systemctl stop openvswitch-switch.service ovs-record-hostname.service \
				ovs-vswitchd.service ovsdb-server.service || true
		fi
	fi
	if [ ! -d /run/systemd/system ] && [ -x /etc/init.d/openvswitch-switch ]; then
		/etc/init.d/openvswitch-switch stop >/dev/null 2>&1 || true
		command -v update-rc.d >/dev/null 2>&1 &&
			{ update-rc.d openvswitch-switch disable >/dev/null 2>&1 || true; }
	fi
fi

PY=${PYTHON:-python3}
missing_py=()
for p in "${PY_PKGS[@]}"; do
	"$PY" -c "import $p" 2>/dev/null || missing_py+=("${PIP_NAME[$p]:-$p}")
done
if [ "${#missing_py[@]}" -gt 0 ]; then
	echo "deps.sh: pip installing ${missing_py[*]}"
	"$PY" -m pip install -q --disable-pip-version-check "${missing_py[@]}"
fi

# Go: the machine image ships a current toolchain in /usr/local/go (Debian's is too old for
# go.mod); modules come from the Go proxy at build time.
if ! command -v go >/dev/null 2>&1 && [ ! -x /usr/local/go/bin/go ]; then
	echo "deps.sh: no Go toolchain (expected go in PATH or /usr/local/go/bin)" >&2
	exit 1
fi
