#!/usr/bin/env bash
# Builds hvlb's Debian packages with dpkg-deb from trees staged by `make install-*`
# (`make deb`). Needs dpkg-dev (dpkg-shlibdeps), nothing from the network.
#   scripts/mkdeb.sh [OUT_DIR] [VERSION]
#
# hvlb-common     the hvlb user, /etc/hvlb, /etc/hvlb/certs (0700), /var/lib/hvlb, tmpfiles.d, docs
# hvlb-forwarder  hvlb-forwarder, hvlb-preflight, its unit and sample configuration
# hvlb-agent      hvlb-agent, its unit and environment file
# hvlb-controller hvlb-controller, its unit and environment file
# hvlbctl         the CLI (no user, no unit: runs anywhere)
set -euo pipefail

cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OUT=$(realpath -m "${1:-$BUILD/deb}")
if [ -n "${2:-}" ]; then
	VERSION=$2
else
	VERSION="0.1.0+git$(git rev-list --count HEAD 2>/dev/null || echo 0).$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
fi
ARCH=$(dpkg --print-architecture)
MAINT="hvlb developers <hvlb@localhost>"
STAGE=$(mktemp -d "${TMPDIR:-/tmp}/hvlb-deb.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$OUT"

# The shared libraries an ELF binary needs, as Debian dependencies.
shlib_depends() {
	local dir
	dir=$(mktemp -d "$STAGE/shlibs.XXXXXX")
	mkdir -p "$dir/debian"
	printf 'Source: hvlb\n\nPackage: hvlb\nArchitecture: any\n' >"$dir/debian/control"
	(cd "$dir" && dpkg-shlibdeps -O "$@" 2>/dev/null) | sed -n 's/^shlibs:Depends=//p'
}

# make_pkg NAME TARGET DEPENDS DESCRIPTION [UNIT RESTART-ON-UPGRADE]
make_pkg() {
	local name=$1 target=$2 depends=$3 desc=$4 unit=${5:-} restart=${6:-no}
	local root=$STAGE/$name elf shdeps
	make -s --no-print-directory "$target" DESTDIR="$root" PREFIX=/usr SYSCONFDIR=/etc \
		BUILD="$BUILD" >/dev/null
	mkdir -p "$root/DEBIAN"
	elf=()
	while IFS= read -r f; do
		readelf -d "$f" 2>/dev/null | grep -q '(NEEDED)' && elf+=("$f")
	done < <(find "$root/usr" -type f -perm -u+x)
	if [ "${#elf[@]}" -gt 0 ]; then
		shdeps=$(shlib_depends "${elf[@]}")
		[ -n "$shdeps" ] && depends="${depends:+$depends, }$shdeps"
	fi
	{
		echo "Package: $name"
		echo "Version: $VERSION"
		echo "Architecture: $ARCH"
		echo "Maintainer: $MAINT"
		echo "Section: net"
		echo "Priority: optional"
		echo "Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)"
		[ -n "$depends" ] && echo "Depends: $depends"
		[ "$name" = hvlb-forwarder ] && echo "Recommends: dpdk, kmod, pciutils"
		echo "Description: $desc"
	} >"$root/DEBIAN/control"
	if [ -d "$root/etc" ]; then
		(cd "$root" && find etc -type f | sed 's|^|/|' | sort) >"$root/DEBIAN/conffiles"
		[ -s "$root/DEBIAN/conffiles" ] || rm "$root/DEBIAN/conffiles"
	fi
	if [ "$name" = hvlb-common ]; then
		install -m 0755 packaging/debian/common.postinst "$root/DEBIAN/postinst"
		install -m 0755 packaging/debian/common.postrm "$root/DEBIAN/postrm"
	elif [ -n "$unit" ]; then
		for s in postinst prerm postrm; do
			sed -e "s|@UNIT@|$unit|g" -e "s|@RESTART@|$restart|g" \
				"packaging/debian/service.$s" >"$root/DEBIAN/$s"
			chmod 0755 "$root/DEBIAN/$s"
		done
	fi
	dpkg-deb --root-owner-group -Zxz --build "$root" "$OUT/${name}_${VERSION}_${ARCH}.deb" >/dev/null
	echo "$OUT/${name}_${VERSION}_${ARCH}.deb"
}

COMMON="hvlb-common (= $VERSION)"
make_pkg hvlb-common install-common "passwd" \
	"hvlb load balancer: shared user and directories
 The hvlb system user, /etc/hvlb (certificates 0700), /var/lib/hvlb, /run/hvlb
 (tmpfiles.d) and the documentation of the hvlb packages."
# The PMDs are plugins DPDK loads at run time, not linked: the bus and mempool drivers every
# port needs are named here, the NIC drivers come with dpdk's Recommends.
make_pkg hvlb-forwarder install-forwarder \
	"$COMMON, librte-bus-pci23, librte-bus-vdev23, librte-mempool-ring23, util-linux" \
	"hvlb load balancer: DPDK data plane
 hvlb-forwarder, a layer-4 load balancer for NFV on DPDK, with its systemd unit,
 sample configuration and hvlb-preflight, the host check (huge pages, NIC binding,
 core isolation, state_dir)." hvlb-forwarder.service no
make_pkg hvlb-agent install-agent "$COMMON" \
	"hvlb load balancer: forwarder agent
 hvlb-agent applies the controller's desired state to the local forwarder, runs
 the health checks and reports path measurements." hvlb-agent.service yes
make_pkg hvlb-controller install-controller "$COMMON" \
	"hvlb load balancer: controller
 hvlb-controller keeps the desired state, serves the REST API and the agents'
 gRPC service, and computes the comprehensive policy's weights." hvlb-controller.service yes
make_pkg hvlbctl install-hvlbctl "" \
	"hvlb load balancer: command-line client
 hvlbctl, the CLI of the hvlb controller's REST API, and certs init."
