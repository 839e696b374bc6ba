// Package etcdtest starts a real one-member etcd (Debian's etcd-server, /usr/bin/etcd) on
// loopback for a test, in a temporary directory, and removes it when the test ends. A test
// on a machine without etcd is skipped with the reason (scripts/deps.sh installs it).
package etcdtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"hvlb/internal/certs"
	"hvlb/internal/testport"
)

// Binary is the etcd server the tests run.
const Binary = "/usr/bin/etcd"

// Etcdctl is etcd's command-line client (Debian's etcd-client).
const Etcdctl = "/usr/bin/etcdctl"

// Server is one running etcd member.
type Server struct {
	Endpoint string // http://127.0.0.1:PORT, https:// with TLS
	Dir      string
	tls      *TLSFiles
	cmd      *exec.Cmd
	exited   chan struct{}
}

// TLSFiles make a member serve its clients over TLS and ask them for a certificate signed
// by CA (etcd's --client-cert-auth: once auth is enabled, a certificate's CN is its
// user). Cert and Key are the server's; the tests' own client presents them too, so they
// must allow client authentication (certs.Generate's controller pair does).
type TLSFiles struct{ Cert, Key, CA string }

// Start runs etcd for t with extra flags (e.g. "--quota-backend-bytes=..."), waits until it
// answers, and stops it at t's cleanup. Its data lives in memory (/dev/shm) where there is
// one, so that fsyncs cost nothing on a busy disk.
func Start(t testing.TB, flags ...string) *Server {
	t.Helper()
	return startWith(t, nil, flags)
}

// StartTLS is Start with TLS and client certificates.
func StartTLS(t testing.TB, tf TLSFiles, flags ...string) *Server {
	t.Helper()
	return startWith(t, &tf, flags)
}

func startWith(t testing.TB, tf *TLSFiles, flags []string) *Server {
	t.Helper()
	if _, err := os.Stat(Binary); err != nil {
		t.Skipf("no etcd server (%s: %v); scripts/deps.sh installs etcd-server", Binary, err)
	}
	base := ""
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		base = "/dev/shm"
	}
	dir, err := os.MkdirTemp(base, "hvlb-etcdtest-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ { // a free port may be taken before etcd binds it
		s, err := start(dir, attempt, tf, flags)
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		lastErr = err
	}
	t.Fatalf("etcd did not start: %v", lastErr)
	return nil
}

func start(base string, attempt int, tf *TLSFiles, flags []string) (*Server, error) {
	client, peer := freePort(), freePort()
	dir := filepath.Join(base, "member"+strconv.Itoa(attempt))
	s := &Server{Endpoint: "http://" + client, Dir: dir, tls: tf, exited: make(chan struct{})}
	var tlsArgs []string
	if tf != nil {
		s.Endpoint = "https://" + client
		tlsArgs = []string{"--cert-file", tf.Cert, "--key-file", tf.Key, "--client-cert-auth", "--trusted-ca-file", tf.CA}
	}
	args := append(append([]string{"--name", "t", "--data-dir", dir,
		"--listen-client-urls", s.Endpoint, "--advertise-client-urls", s.Endpoint,
		"--listen-peer-urls", "http://" + peer, "--initial-advertise-peer-urls", "http://" + peer,
		"--initial-cluster", "t=http://" + peer, "--log-level", "error", "--logger", "zap"}, tlsArgs...), flags...)
	s.cmd = exec.Command(Binary, args...)
	log, err := os.Create(filepath.Join(base, "etcd"+strconv.Itoa(attempt)+".log"))
	if err != nil {
		return nil, err
	}
	s.cmd.Stdout, s.cmd.Stderr = log, log
	if err := s.cmd.Start(); err != nil {
		log.Close()
		return nil, err
	}
	go func() { s.cmd.Wait(); log.Close(); close(s.exited) }()
	cli, err := s.Client()
	if err != nil {
		s.Stop()
		return nil, err
	}
	defer cli.Close()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err := cli.Get(ctx, "health")
		cancel()
		if err == nil {
			return s, nil
		}
		select {
		case <-s.exited:
			out, _ := os.ReadFile(log.Name())
			return nil, fmt.Errorf("etcd exited: %s", out)
		default:
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("etcd on %s: no answer in 20 s: %v", s.Endpoint, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Client returns a client of this member; the caller closes it.
func (s *Server) Client() (*clientv3.Client, error) {
	cfg := clientv3.Config{Endpoints: []string{s.Endpoint}, DialTimeout: 5 * time.Second, Logger: zap.NewNop()}
	if s.tls != nil {
		tc, err := certs.ClientTLS(s.tls.CA, s.tls.Cert, s.tls.Key)
		if err != nil {
			return nil, err
		}
		cfg.TLS = tc
	}
	return clientv3.New(cfg)
}

// Etcdctl runs etcdctl on this member with args (e.g. "--user", "root:pw", "auth",
// "enable"), as the tests' own client (TLSFiles), and returns its output; t is skipped
// when etcdctl is missing and fails when it does.
func (s *Server) Etcdctl(t testing.TB, args ...string) string {
	t.Helper()
	if _, err := os.Stat(Etcdctl); err != nil {
		t.Skipf("no etcdctl (%s: %v); scripts/deps.sh installs etcd-client", Etcdctl, err)
	}
	argv := []string{"--endpoints", s.Endpoint, "--command-timeout", "10s"}
	if s.tls != nil {
		argv = append(argv, "--cacert", s.tls.CA, "--cert", s.tls.Cert, "--key", s.tls.Key)
	}
	out, err := exec.Command(Etcdctl, append(argv, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("etcdctl %v: %v: %s", args, err, out)
	}
	return string(out)
}

// Stop kills the member and waits for it.
func (s *Server) Stop() {
	s.cmd.Process.Kill()
	<-s.exited
}

func freePort() string {
	addr, err := testport.TCP("127.0.0.1")
	if err != nil {
		panic(err)
	}
	return addr
}
