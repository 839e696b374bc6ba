// Package certs writes the private CA, certificates and bearer token that hvlb's
// controller, agents and hvlbctl use, so that TLS and mutual TLS are on from the start,
// and builds the tls.Configs that use them.
//
// Layout of the directory Init writes (keys and the token file are mode 0600):
//
//	ca.pem, ca-key.pem                  ECDSA P-256 CA, 10 years
//	controller.pem, controller-key.pem  server and client auth; SANs: the hosts, localhost, 127.0.0.1, ::1
//	agent-<id>.pem, agent-<id>-key.pem  per forwarder id asked for: client auth, CN hvlb-agent:<id>,
//	                                    URI SAN urn:hvlb:agent:<id> (the controller takes the
//	                                    agent for forwarder <id> only)
//	hvlbctl.pem, hvlbctl-key.pem        client auth, CN hvlbctl
//	etcd.pem, etcd-key.pem              a controller group's etcd members: server and client auth
//	                                    (their peer links), the controller's SANs; CN hvlb-etcd
//	etcd-client.pem, etcd-client-key.pem  the controllers' etcd client certificate (--etcd-cert):
//	                                    client auth, CN hvlb-controller (the etcd user when etcd's
//	                                    auth is on)
//	tokens                              one random 32-byte bearer token, hex, one per line
//
// There is no generic agent certificate: the controller accepts an agent only for the
// forwarder its certificate names (AgentID), so that one forwarder's key cannot speak for
// another. An agent.pem left by an older version names no forwarder and is refused.
package certs

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"hvlb/internal/model"
)

// File names inside the directory Init writes.
const (
	CAFile            = "ca.pem"
	CAKeyFile         = "ca-key.pem"
	ControllerFile    = "controller.pem"
	ControllerKeyFile = "controller-key.pem"
	CtlFile           = "hvlbctl.pem"
	CtlKeyFile        = "hvlbctl-key.pem"
	TokensFile        = "tokens"
	EtcdFile          = "etcd.pem"
	EtcdKeyFile       = "etcd-key.pem"
	EtcdClientFile    = "etcd-client.pem"
	EtcdClientKeyFile = "etcd-client-key.pem"
)

const (
	caValidity   = 10 * 365 * 24 * time.Hour
	leafValidity = 5 * 365 * 24 * time.Hour
	// Certificates start an hour back so that a peer whose clock is a little behind
	// does not reject them as not yet valid.
	backdate = time.Hour
)

// Agent identities in certificates.
const (
	AgentCNPrefix  = "hvlb-agent:"     // CN hvlb-agent:<forwarder id>
	AgentURIPrefix = "urn:hvlb:agent:" // URI SAN urn:hvlb:agent:<forwarder id>
)

// AgentFiles returns the names (in the directory Generate writes) of forwarder id's agent
// certificate and key.
func AgentFiles(id string) (cert, key string) {
	return "agent-" + id + ".pem", "agent-" + id + "-key.pem"
}

// AgentID returns the forwarder id an agent certificate names: in its CN
// (hvlb-agent:<id>) and its URI SANs (urn:hvlb:agent:<id>), which must agree. A
// certificate that names none, more than one, or an invalid id is an error.
func AgentID(c *x509.Certificate) (string, error) {
	var ids []string
	if cn := c.Subject.CommonName; strings.HasPrefix(cn, AgentCNPrefix) {
		ids = append(ids, strings.TrimPrefix(cn, AgentCNPrefix))
	}
	for _, u := range c.URIs {
		if s := u.String(); strings.HasPrefix(s, AgentURIPrefix) {
			ids = append(ids, strings.TrimPrefix(s, AgentURIPrefix))
		}
	}
	if len(ids) == 0 {
		return "", fmt.Errorf("certificate %q names no forwarder (want CN %s<id>)", c.Subject.CommonName, AgentCNPrefix)
	}
	for _, id := range ids[1:] {
		if id != ids[0] {
			return "", fmt.Errorf("certificate %q names more than one forwarder (%q, %q)", c.Subject.CommonName, ids[0], id)
		}
	}
	if model.ValidName("", ids[0]) != nil {
		return "", fmt.Errorf("certificate %q: %q is not a forwarder id", c.Subject.CommonName, ids[0])
	}
	return ids[0], nil
}

// Options says what Generate writes.
type Options struct {
	Hosts  []string // extra SANs of the controller's certificate: IP addresses or DNS names
	Agents []string // forwarder ids: an agent certificate for each (AgentFiles)
	Force  bool     // rewrite every file, even those that exist
}

// Init writes the CA, the certificates and the token file into dir, keeping any that
// already exist, so that running it again changes nothing.
func Init(dir string, hosts []string) error {
	return Generate(dir, Options{Hosts: hosts})
}

// leaf describes one certificate signed by the CA.
type leaf struct {
	cert, key string
	cn        string
	usage     []x509.ExtKeyUsage
	sans      bool     // carries the controller's SANs
	uris      []string // URI SANs
}

var leaves = []leaf{
	{cert: ControllerFile, key: ControllerKeyFile, cn: "hvlb-controller",
		usage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}, sans: true},
	{cert: CtlFile, key: CtlKeyFile, cn: "hvlbctl", usage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}},
	// etcd's members serve the controllers and one another (--peer-cert-file: a member is
	// its peers' client as well), on the hosts the controllers run on.
	{cert: EtcdFile, key: EtcdKeyFile, cn: "hvlb-etcd",
		usage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}, sans: true},
	{cert: EtcdClientFile, key: EtcdClientKeyFile, cn: "hvlb-controller",
		usage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}},
}

func agentLeaf(id string) leaf {
	cert, key := AgentFiles(id)
	return leaf{cert: cert, key: key, cn: AgentCNPrefix + id,
		usage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}, uris: []string{AgentURIPrefix + id}}
}

// existingAgents returns the forwarder ids of the agent certificates in dir.
func existingAgents(dir string) []string {
	names, _ := filepath.Glob(filepath.Join(dir, "agent-*.pem"))
	var ids []string
	for _, n := range names {
		id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(n), "agent-"), ".pem")
		if strings.HasSuffix(id, "-key") || model.ValidName("", id) != nil {
			continue
		}
		ids = append(ids, id)
	}
	return ids
}

// Generate writes what Init writes; with o.Force it replaces existing files. A new CA
// always comes with new leaf certificates, since the old ones would not verify against it.
func Generate(dir string, o Options) error {
	for _, h := range o.Hosts {
		if strings.TrimSpace(h) == "" {
			return fmt.Errorf("certs: hosts: empty host name")
		}
	}
	for _, id := range o.Agents {
		// A forwarder id (the controller's rule for names) is safe in a file name.
		if err := model.ValidName("agents", id); err != nil {
			return fmt.Errorf("certs: %w", err)
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("certs: %w", err)
	}
	path := func(name string) string { return filepath.Join(dir, name) }

	caCert, caKey, err := loadPair(path(CAFile), path(CAKeyFile))
	newCA := o.Force || errors.Is(err, fs.ErrNotExist)
	switch {
	case newCA:
		caCert, caKey, err = newCertificate(nil, nil, caTemplate())
		if err != nil {
			return err
		}
		if err := writePair(path(CAFile), path(CAKeyFile), caCert, caKey); err != nil {
			return err
		}
	case err != nil:
		return err
	}

	all := append([]leaf(nil), leaves...)
	agents := map[string]bool{}
	for _, id := range o.Agents {
		agents[id] = true
	}
	if newCA { // agent certificates of the old CA would not verify: every one is re-issued
		for _, id := range existingAgents(dir) {
			agents[id] = true
		}
	}
	ids := make([]string, 0, len(agents))
	for id := range agents {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		all = append(all, agentLeaf(id))
	}
	for _, l := range all {
		if !newCA && exists(path(l.cert)) && exists(path(l.key)) {
			continue
		}
		cert, key, err := newCertificate(caCert, caKey, leafTemplate(l, o.Hosts))
		if err != nil {
			return err
		}
		if err := writePair(path(l.cert), path(l.key), cert, key); err != nil {
			return err
		}
	}

	if o.Force || !exists(path(TokensFile)) {
		tok := make([]byte, 32)
		if _, err := rand.Read(tok); err != nil {
			return fmt.Errorf("certs: token: %w", err)
		}
		if err := writeFile(path(TokensFile), []byte(hex.EncodeToString(tok)+"\n"), 0o600); err != nil {
			return err
		}
	}
	return nil
}

// ReadToken returns the first token of a tokens file (one per line, blank lines and
// lines starting with # skipped).
func ReadToken(file string) (string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("token file: %w", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			return line, nil
		}
	}
	return "", fmt.Errorf("token file %s: no token", file)
}

func serial() (*big.Int, error) {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, fmt.Errorf("certs: serial: %w", err)
	}
	return n, nil
}

func caTemplate() *x509.Certificate {
	now := time.Now()
	return &x509.Certificate{
		Subject:               pkix.Name{CommonName: "hvlb CA", Organization: []string{"hvlb"}},
		NotBefore:             now.Add(-backdate),
		NotAfter:              now.Add(caValidity),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
}

func leafTemplate(l leaf, hosts []string) *x509.Certificate {
	now := time.Now()
	t := &x509.Certificate{
		Subject:     pkix.Name{CommonName: l.cn, Organization: []string{"hvlb"}},
		NotBefore:   now.Add(-backdate),
		NotAfter:    now.Add(leafValidity),
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: l.usage,
	}
	for _, u := range l.uris {
		if pu, err := url.Parse(u); err == nil {
			t.URIs = append(t.URIs, pu)
		}
	}
	if !l.sans {
		return t
	}
	seen := map[string]bool{}
	for _, h := range append([]string{"localhost", "127.0.0.1", "::1"}, hosts...) {
		h = strings.TrimSpace(h)
		if seen[h] {
			continue
		}
		seen[h] = true
		if ip := net.ParseIP(h); ip != nil {
			t.IPAddresses = append(t.IPAddresses, ip)
		} else {
			t.DNSNames = append(t.DNSNames, h)
		}
	}
	return t
}

// newCertificate makes a P-256 key and a certificate from tmpl, signed by parent (or
// self-signed when parent is nil).
func newCertificate(parent *x509.Certificate, parentKey *ecdsa.PrivateKey,
	tmpl *x509.Certificate) (*x509.Certificate, *ecdsa.PrivateKey, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("certs: key for %s: %w", tmpl.Subject.CommonName, err)
	}
	if tmpl.SerialNumber, err = serial(); err != nil {
		return nil, nil, err
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		return nil, nil, fmt.Errorf("certs: certificate %s: %w", tmpl.Subject.CommonName, err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, fmt.Errorf("certs: certificate %s: %w", tmpl.Subject.CommonName, err)
	}
	return cert, key, nil
}

func writePair(certFile, keyFile string, cert *x509.Certificate, key *ecdsa.PrivateKey) error {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return fmt.Errorf("certs: %s: %w", keyFile, err)
	}
	// The key first: a certificate without its key would look complete to the next run.
	if err := writeFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		return err
	}
	return writeFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw}), 0o644)
}

// writeFile replaces name atomically, so that a reader never sees half a file and a key
// is never, even briefly, readable by others.
func writeFile(name string, data []byte, mode os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return fmt.Errorf("certs: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Chmod(mode); err != nil {
		f.Close()
		return fmt.Errorf("certs: %s: %w", name, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("certs: %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("certs: %s: %w", name, err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return fmt.Errorf("certs: %w", err)
	}
	return nil
}

func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// loadPair reads a certificate and its ECDSA key; the error wraps fs.ErrNotExist when
// either file is missing.
func loadPair(certFile, keyFile string) (*x509.Certificate, *ecdsa.PrivateKey, error) {
	cb, err := os.ReadFile(certFile)
	if err != nil {
		return nil, nil, fmt.Errorf("certs: %w", err)
	}
	kb, err := os.ReadFile(keyFile)
	if err != nil {
		return nil, nil, fmt.Errorf("certs: %w", err)
	}
	cblock, _ := pem.Decode(cb)
	if cblock == nil || cblock.Type != "CERTIFICATE" {
		return nil, nil, fmt.Errorf("certs: %s: no PEM certificate", certFile)
	}
	cert, err := x509.ParseCertificate(cblock.Bytes)
	if err != nil {
		return nil, nil, fmt.Errorf("certs: %s: %w", certFile, err)
	}
	kblock, _ := pem.Decode(kb)
	if kblock == nil {
		return nil, nil, fmt.Errorf("certs: %s: no PEM key", keyFile)
	}
	var key any
	switch kblock.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(kblock.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(kblock.Bytes)
	default:
		err = fmt.Errorf("PEM block %q", kblock.Type)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("certs: %s: %w", keyFile, err)
	}
	ek, ok := key.(*ecdsa.PrivateKey)
	if !ok {
		return nil, nil, fmt.Errorf("certs: %s: not an ECDSA key", keyFile)
	}
	return cert, ek, nil
}
