package certs

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func readCert(t *testing.T, file string) *x509.Certificate {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil {
		t.Fatalf("%s: no PEM", file)
	}
	c, err := x509.ParseCertificate(blk.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestInitLayout(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "certs")
	err := Generate(dir, Options{Hosts: []string{"10.0.0.5", "ctl.example", "fd00::5"}, Agents: []string{"fwd-a", "fwd.b_2"}})
	if err != nil {
		t.Fatal(err)
	}
	agentA, agentAKey := AgentFiles("fwd-a")
	agentB, agentBKey := AgentFiles("fwd.b_2")
	modes := map[string]os.FileMode{
		CAFile: 0o644, CAKeyFile: 0o600, ControllerFile: 0o644, ControllerKeyFile: 0o600,
		agentA: 0o644, agentAKey: 0o600, agentB: 0o644, agentBKey: 0o600,
		CtlFile: 0o644, CtlKeyFile: 0o600, TokensFile: 0o600,
		EtcdFile: 0o644, EtcdKeyFile: 0o600, EtcdClientFile: 0o644, EtcdClientKeyFile: 0o600,
	}
	if agentA != "agent-fwd-a.pem" || agentAKey != "agent-fwd-a-key.pem" {
		t.Errorf("agent files %s, %s", agentA, agentAKey)
	}
	for name, want := range modes {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != want {
			t.Errorf("%s: mode %o, want %o", name, got, want)
		}
	}

	ca := readCert(t, filepath.Join(dir, CAFile))
	if !ca.IsCA || ca.NotAfter.Sub(ca.NotBefore) < caValidity {
		t.Errorf("CA: IsCA %v, validity %v", ca.IsCA, ca.NotAfter.Sub(ca.NotBefore))
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca)

	for _, server := range []string{ControllerFile, EtcdFile} { // etcd runs beside the controllers
		c := readCert(t, filepath.Join(dir, server))
		for _, h := range []string{"localhost", "ctl.example", "127.0.0.1", "::1", "10.0.0.5", "fd00::5"} {
			if err := c.VerifyHostname(h); err != nil {
				t.Errorf("%s: %v", server, err)
			}
		}
	}
	for _, tc := range []struct {
		file  string
		cn    string
		usage []x509.ExtKeyUsage
	}{
		{ControllerFile, "hvlb-controller", []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}},
		{agentA, "hvlb-agent:fwd-a", []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}},
		{agentB, "hvlb-agent:fwd.b_2", []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}},
		{CtlFile, "hvlbctl", []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}},
		{EtcdFile, "hvlb-etcd", []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}},
		{EtcdClientFile, "hvlb-controller", []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}},
	} {
		c := readCert(t, filepath.Join(dir, tc.file))
		if c.Subject.CommonName != tc.cn {
			t.Errorf("%s: CN %q, want %q", tc.file, c.Subject.CommonName, tc.cn)
		}
		for _, u := range tc.usage {
			if _, err := c.Verify(x509.VerifyOptions{Roots: pool, KeyUsages: []x509.ExtKeyUsage{u}}); err != nil {
				t.Errorf("%s: usage %v: %v", tc.file, u, err)
			}
		}
		if !slices.Contains(tc.usage, x509.ExtKeyUsageServerAuth) {
			if _, err := c.Verify(x509.VerifyOptions{Roots: pool}); err == nil {
				t.Errorf("%s: verifies for server auth", tc.file)
			}
		}
	}

	for file, want := range map[string]string{agentA: "fwd-a", agentB: "fwd.b_2"} {
		c := readCert(t, filepath.Join(dir, file))
		if id, err := AgentID(c); id != want || err != nil {
			t.Errorf("%s: AgentID %q, %v; want %q", file, id, err, want)
		}
		if len(c.URIs) != 1 || c.URIs[0].String() != "urn:hvlb:agent:"+want {
			t.Errorf("%s: URI SANs %v", file, c.URIs)
		}
	}
	for _, file := range []string{ControllerFile, CtlFile} {
		if id, err := AgentID(readCert(t, filepath.Join(dir, file))); err == nil {
			t.Errorf("%s names forwarder %q", file, id)
		}
	}

	tok, err := ReadToken(filepath.Join(dir, TokensFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(tok) != 64 || strings.Trim(tok, "0123456789abcdef") != "" {
		t.Errorf("token %q: want 64 hex digits", tok)
	}
}

func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	m := map[string][]byte{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = b
	}
	return m
}

func TestInitIdempotent(t *testing.T) {
	dir := t.TempDir()
	if err := Init(dir, nil); err != nil {
		t.Fatal(err)
	}
	if n := len(snapshot(t, dir)); n != 11 {
		t.Fatalf("%d files, want 11 (no temporary files left)", n)
	}
	// Agent certificates added later: the rest stays.
	before := snapshot(t, dir)
	if err := Generate(dir, Options{Agents: []string{"fwd-a"}}); err != nil {
		t.Fatal(err)
	}
	first := snapshot(t, dir)
	if len(first) != 13 {
		t.Fatalf("%d files, want 13", len(first))
	}
	for name, b := range before {
		if !bytes.Equal(b, first[name]) {
			t.Errorf("%s changed when an agent certificate was added", name)
		}
	}
	agentFile, agentKeyFile := AgentFiles("fwd-a")

	if err := Init(dir, []string{"other.example"}); err != nil {
		t.Fatal(err)
	}
	for name, b := range snapshot(t, dir) {
		if !bytes.Equal(b, first[name]) {
			t.Errorf("%s changed on a second Init", name)
		}
	}

	// A lost leaf is re-issued by the existing CA; the rest stays.
	os.Remove(filepath.Join(dir, agentFile))
	if err := Generate(dir, Options{Agents: []string{"fwd-a"}}); err != nil {
		t.Fatal(err)
	}
	now := snapshot(t, dir)
	if bytes.Equal(now[agentKeyFile], first[agentKeyFile]) {
		t.Errorf("agent key kept without its certificate")
	}
	if !bytes.Equal(now[CAFile], first[CAFile]) || !bytes.Equal(now[TokensFile], first[TokensFile]) {
		t.Errorf("CA or token changed when only the agent certificate was missing")
	}
	ca := readCert(t, filepath.Join(dir, CAFile))
	if err := readCert(t, filepath.Join(dir, agentFile)).CheckSignatureFrom(ca); err != nil {
		t.Errorf("re-issued agent certificate: %v", err)
	}

	// A lost CA means new leaves as well, the agents' found in the directory included.
	os.Remove(filepath.Join(dir, CAKeyFile))
	if err := Init(dir, nil); err != nil {
		t.Fatal(err)
	}
	now = snapshot(t, dir)
	if len(now) != 13 {
		t.Errorf("%d files after a new CA, want 13", len(now))
	}
	for _, name := range []string{CAFile, ControllerFile, agentFile, CtlFile, EtcdFile, EtcdClientFile} {
		if bytes.Equal(now[name], first[name]) {
			t.Errorf("%s kept after the CA was replaced", name)
		}
	}

	if err := Generate(dir, Options{Force: true}); err != nil {
		t.Fatal(err)
	}
	forced := snapshot(t, dir)
	for name, b := range forced {
		if bytes.Equal(b, now[name]) {
			t.Errorf("%s kept under Force", name)
		}
	}
}

func TestInitBadHost(t *testing.T) {
	if err := Init(t.TempDir(), []string{"a", " "}); err == nil || !strings.Contains(err.Error(), "hosts") {
		t.Errorf("empty host: err %v, want one naming hosts", err)
	}
	for _, id := range []string{"", "../x", "a/b", "-a", "fwd a", strings.Repeat("a", 64)} {
		if err := Generate(t.TempDir(), Options{Agents: []string{id}}); err == nil || !strings.Contains(err.Error(), "agents") {
			t.Errorf("agent %q: err %v, want one naming agents", id, err)
		}
	}
}

func TestAgentID(t *testing.T) {
	uri := func(s string) *url.URL {
		u, err := url.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	for _, tc := range []struct {
		name    string
		cn      string
		uris    []*url.URL
		want    string
		wantErr string
	}{
		{"CN and URI", "hvlb-agent:fwd-a", []*url.URL{uri("urn:hvlb:agent:fwd-a")}, "fwd-a", ""},
		{"CN only", "hvlb-agent:fwd-a", nil, "fwd-a", ""},
		{"URI only", "someone", []*url.URL{uri("https://example.net/x"), uri("urn:hvlb:agent:fwd-b")}, "fwd-b", ""},
		{"generic agent certificate", "hvlb-agent", nil, "", "names no forwarder"},
		{"hvlbctl", "hvlbctl", nil, "", "names no forwarder"},
		{"CN and URI disagree", "hvlb-agent:fwd-a", []*url.URL{uri("urn:hvlb:agent:fwd-b")}, "", "more than one"},
		{"two URIs", "x", []*url.URL{uri("urn:hvlb:agent:fwd-a"), uri("urn:hvlb:agent:fwd-c")}, "", "more than one"},
		{"empty id", "hvlb-agent:", nil, "", "not a forwarder id"},
		{"bad id", "hvlb-agent:a/b", nil, "", "not a forwarder id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &x509.Certificate{Subject: pkix.Name{CommonName: tc.cn}, URIs: tc.uris}
			id, err := AgentID(c)
			if id != tc.want || (err == nil) != (tc.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("AgentID %q, %v; want %q, %q", id, err, tc.want, tc.wantErr)
			}
		})
	}
}

// handshake runs one TLS connection between the two configurations over a pipe and
// returns the client's and the server's errors.
func handshake(t *testing.T, server, client *tls.Config) (cerr, serr error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	done := make(chan error, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			done <- err
			return
		}
		defer c.Close()
		s := tls.Server(c, server)
		if err := s.Handshake(); err != nil {
			done <- err
			return
		}
		// Under TLS 1.3 the client learns of a refused certificate only on its first read.
		_, err = s.Write([]byte("ok"))
		done <- err
	}()
	c, err := tls.Dial("tcp", ln.Addr().String(), client)
	if err == nil {
		_, err = io.ReadFull(c, make([]byte, 2))
		c.Close()
	}
	return err, <-done
}

func TestTLS(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	if err := Generate(dir, Options{Agents: []string{"fwd-a"}}); err != nil {
		t.Fatal(err)
	}
	if err := Init(other, nil); err != nil {
		t.Fatal(err)
	}
	agentFile, agentKeyFile := AgentFiles("fwd-a")
	p := func(d, name string) string { return filepath.Join(d, name) }
	srvTLS, err := ServerTLS(p(dir, ControllerFile), p(dir, ControllerKeyFile), "")
	if err != nil {
		t.Fatal(err)
	}
	srvMTLS, err := ServerTLS(p(dir, ControllerFile), p(dir, ControllerKeyFile), p(dir, CAFile))
	if err != nil {
		t.Fatal(err)
	}
	client := func(d, cert, key string) *tls.Config {
		var cf, kf string
		if cert != "" {
			cf, kf = p(d, cert), p(d, key)
		}
		cfg, err := ClientTLS(p(d, CAFile), cf, kf)
		if err != nil {
			t.Fatal(err)
		}
		cfg.ServerName = "localhost"
		return cfg
	}
	for _, tc := range []struct {
		name    string
		server  *tls.Config
		client  *tls.Config
		wantErr bool
	}{
		{"tls, no client certificate", srvTLS, client(dir, "", ""), false},
		{"mtls, hvlbctl certificate", srvMTLS, client(dir, CtlFile, CtlKeyFile), false},
		{"mtls, agent certificate", srvMTLS, client(dir, agentFile, agentKeyFile), false},
		{"mtls, controller as client", srvMTLS, client(dir, ControllerFile, ControllerKeyFile), false},
		{"mtls, no client certificate", srvMTLS, client(dir, "", ""), true},
		{"mtls, client certificate of another CA", srvMTLS, client(other, CtlFile, CtlKeyFile), true},
		{"client trusts another CA", srvTLS, client(other, "", ""), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cerr, serr := handshake(t, tc.server, tc.client)
			if got := cerr != nil || serr != nil; got != tc.wantErr {
				t.Errorf("client err %v, server err %v; want failure %v", cerr, serr, tc.wantErr)
			}
		})
	}

	// An agent certificate cannot serve: it lacks server auth.
	srvAgent, err := ServerTLS(p(dir, agentFile), p(dir, agentKeyFile), "")
	if err != nil {
		t.Fatal(err)
	}
	if cerr, _ := handshake(t, srvAgent, client(dir, "", "")); cerr == nil {
		t.Errorf("client accepted a server presenting the agent certificate")
	}
}

func TestTLSBadFiles(t *testing.T) {
	dir := t.TempDir()
	if err := Init(dir, nil); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(dir, "junk.pem")
	os.WriteFile(junk, []byte("not pem"), 0o600)
	p := func(name string) string { return filepath.Join(dir, name) }
	if _, err := ServerTLS(p(ControllerFile), p(CtlKeyFile), ""); err == nil {
		t.Error("ServerTLS: mismatched key accepted")
	}
	if _, err := ServerTLS(p(ControllerFile), p(ControllerKeyFile), junk); err == nil {
		t.Error("ServerTLS: junk client CA accepted")
	}
	if _, err := ClientTLS(junk, "", ""); err == nil {
		t.Error("ClientTLS: junk CA accepted")
	}
	if _, err := ClientTLS(p(CAFile), p(CtlFile), ""); err == nil {
		t.Error("ClientTLS: certificate without key accepted")
	}
	if _, err := ClientTLS(p("missing.pem"), "", ""); err == nil {
		t.Error("ClientTLS: missing CA accepted")
	}
}
