# `make install` and `make deb` (included by the Makefile; docs/deploy.md). Neither installs
# a package: they need what `make build` needs, nothing more.
#
#   make install [PREFIX=/usr/local] [DESTDIR=] [SYSCONFDIR=/etc]
#   make deb     [DEB_OUT=build/deb] [DEB_VERSION=...]
#
# Daemons go to $(PREFIX)/sbin, hvlbctl to $(PREFIX)/bin, units to $(PREFIX)/lib/systemd/system
# (systemd reads /usr/local/lib/systemd/system too); the lab's tools are not installed. Sample
# configuration goes to $(SYSCONFDIR)/hvlb unless a file of that name is already there.

PREFIX     ?= /usr/local
DESTDIR    ?=
SYSCONFDIR ?= /etc
BINDIR     := $(PREFIX)/bin
SBINDIR    := $(PREFIX)/sbin
LIBEXECDIR := $(PREFIX)/lib/hvlb
UNITDIR    := $(PREFIX)/lib/systemd/system
TMPFILESDIR := $(PREFIX)/lib/tmpfiles.d
SYSUSERSDIR := $(PREFIX)/lib/sysusers.d
DOCDIR     := $(PREFIX)/share/doc/hvlb
# Prometheus's alert rules (docs/operations.md): point rule_files at this directory.
PROMDIR    := $(PREFIX)/share/hvlb/prometheus
DEB_OUT    ?= $(BUILD)/deb
INSTALL    ?= install

PKG := packaging
# Units with this prefix's paths filled in.
UNIT_SED := -e 's|@SBINDIR@|$(SBINDIR)|g' -e 's|@LIBEXECDIR@|$(LIBEXECDIR)|g' -e 's|@DOCDIR@|$(DOCDIR)|g'

.PHONY: install install-common install-forwarder install-agent install-controller install-hvlbctl \
	deb packaging

install: install-common install-forwarder install-agent install-controller install-hvlbctl

# An existing configuration file is never overwritten.
define install_conf
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/hvlb/$(1) ]; then \
		echo "keeping $(DESTDIR)$(SYSCONFDIR)/hvlb/$(1)"; \
	else \
		$(INSTALL) -D -m 0644 $(PKG)/etc/$(1) $(DESTDIR)$(SYSCONFDIR)/hvlb/$(1); \
	fi
endef

define install_unit
	$(INSTALL) -d $(DESTDIR)$(UNITDIR)
	sed $(UNIT_SED) $(PKG)/systemd/$(1) > $(DESTDIR)$(UNITDIR)/$(1)
	chmod 0644 $(DESTDIR)$(UNITDIR)/$(1)
endef

# The user, the directories and the documentation every daemon shares.
install-common:
	$(INSTALL) -D -m 0644 $(PKG)/hvlb.tmpfiles $(DESTDIR)$(TMPFILESDIR)/hvlb.conf
	$(INSTALL) -D -m 0644 $(PKG)/hvlb.sysusers $(DESTDIR)$(SYSUSERSDIR)/hvlb.conf
	$(INSTALL) -d -m 0755 $(DESTDIR)$(SYSCONFDIR)/hvlb
	$(INSTALL) -d -m 0755 $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 0644 README.md docs/deploy.md docs/forwarder-config.md docs/agent.md \
		docs/controller.md docs/api.md docs/drops.md docs/operations.md $(DESTDIR)$(DOCDIR)/
	$(INSTALL) -D -m 0644 $(PKG)/prometheus/hvlb-rules.yml $(DESTDIR)$(PROMDIR)/hvlb-rules.yml

install-forwarder: forwarder
	$(INSTALL) -D -m 0755 $(FWD_BUILD)/src/hvlb-forwarder $(DESTDIR)$(SBINDIR)/hvlb-forwarder
	$(INSTALL) -D -m 0755 $(PKG)/hvlb-preflight $(DESTDIR)$(SBINDIR)/hvlb-preflight
	$(INSTALL) -D -m 0755 $(PKG)/hvlb-fwd-socket $(DESTDIR)$(LIBEXECDIR)/hvlb-fwd-socket
	$(call install_unit,hvlb-forwarder.service)
	$(call install_conf,forwarder.ini)
	$(call install_conf,forwarder.env)

install-agent: go
	$(INSTALL) -D -m 0755 $(GO_BIN)/hvlb-agent $(DESTDIR)$(SBINDIR)/hvlb-agent
	$(call install_unit,hvlb-agent.service)
	$(call install_conf,agent.env)

install-controller: go
	$(INSTALL) -D -m 0755 $(GO_BIN)/hvlb-controller $(DESTDIR)$(SBINDIR)/hvlb-controller
	$(call install_unit,hvlb-controller.service)
	$(call install_conf,controller.env)

install-hvlbctl: go
	$(INSTALL) -D -m 0755 $(GO_BIN)/hvlbctl $(DESTDIR)$(BINDIR)/hvlbctl

# Debian packages, from a tree staged by the install targets above (scripts/mkdeb.sh).
deb: forwarder go
	BUILD=$(BUILD) bash scripts/mkdeb.sh $(DEB_OUT) $(DEB_VERSION)

# The packages built, installed into a scratch root and checked (part of `make test`).
packaging: deps build
	$(PYTEST) -v -rs tests/packaging
