#!/usr/bin/env bash
# The TURN VM's startup script (ops/turn.sh puts it in the VM's metadata; it runs at every boot):
# installs coturn and certbot, waits until the VM's host name resolves to its IP, takes a Let's
# Encrypt certificate, and starts coturn with the shared secret read from Secret Manager.
set -euo pipefail

meta() { curl -fsS -H 'Metadata-Flavor: Google' "http://metadata.google.internal/computeMetadata/v1/$1"; }
HOST=$(meta instance/attributes/turn-host)
PUBLIC_IP=$(meta instance/network-interfaces/0/access-configs/0/external-ip)
PRIVATE_IP=$(meta instance/network-interfaces/0/ip)

command -v turnserver >/dev/null && command -v certbot >/dev/null ||
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq coturn certbot; }
systemctl stop coturn || true

# The secret the API mints credentials from (docs/visits.md); the VM's account may read only it.
SECRET=$(gcloud secrets versions access latest --secret=TURN_SHARED_SECRET)

# Let's Encrypt checks the name over HTTP on port 80: only once DNS names this VM.
until [ "$(getent ahostsv4 "$HOST" | awk 'NR == 1 { print $1 }')" = "$PUBLIC_IP" ]; do
  echo "waiting for DNS: $HOST -> $PUBLIC_IP"
  sleep 60
done
install -d -m 0755 /etc/letsencrypt/renewal-hooks/deploy
cat >/etc/letsencrypt/renewal-hooks/deploy/coturn <<HOOK
#!/bin/sh
install -o turnserver -g turnserver -m 0600 /etc/letsencrypt/live/$HOST/fullchain.pem /etc/coturn/cert.pem
install -o turnserver -g turnserver -m 0600 /etc/letsencrypt/live/$HOST/privkey.pem /etc/coturn/key.pem
systemctl try-restart coturn
HOOK
chmod 0755 /etc/letsencrypt/renewal-hooks/deploy/coturn
install -d -m 0755 /etc/coturn
[ -d "/etc/letsencrypt/live/$HOST" ] ||
  certbot certonly --standalone --non-interactive --agree-tos --register-unsafely-without-email -d "$HOST"
/etc/letsencrypt/renewal-hooks/deploy/coturn

cat >/etc/turnserver.conf <<CONF
# Written by ops/turn/startup.sh at boot; edits are lost.
listening-ip=$PRIVATE_IP
relay-ip=$PRIVATE_IP
external-ip=$PUBLIC_IP/$PRIVATE_IP
listening-port=3478
tls-listening-port=443
min-port=49152
max-port=65535
realm=$HOST
use-auth-secret
static-auth-secret=$SECRET
cert=/etc/coturn/cert.pem
pkey=/etc/coturn/key.pem
no-tlsv1
no-tlsv1_1
no-dtls
fingerprint
no-cli
no-multicast-peers
# Browsers relay UDP only; a TCP relay (RFC 6062) would let a credential open TCP connections anywhere.
no-tcp-relay
# Relay to the internet only: never to this VM (its public address; the private one is in
# 10/8), into Google's network (the metadata server is 169.254.169.254), or to private, shared,
# loopback, link-local or reserved ranges. coturn takes ranges as first-last, not CIDR.
denied-peer-ip=$PUBLIC_IP
denied-peer-ip=0.0.0.0-0.255.255.255
denied-peer-ip=10.0.0.0-10.255.255.255
denied-peer-ip=100.64.0.0-100.127.255.255
denied-peer-ip=127.0.0.0-127.255.255.255
denied-peer-ip=169.254.0.0-169.254.255.255
denied-peer-ip=172.16.0.0-172.31.255.255
denied-peer-ip=192.0.0.0-192.0.0.255
denied-peer-ip=192.168.0.0-192.168.255.255
denied-peer-ip=198.18.0.0-198.19.255.255
denied-peer-ip=240.0.0.0-255.255.255.255
# IPv6: the relay address is IPv4 only, so coturn refuses an IPv6 allocation (440) and no IPv6
# peer is reached; these hold if an IPv6 relay is added (check IPv4-mapped ::ffff:0:0/96 then).
denied-peer-ip=::1
denied-peer-ip=64:ff9b::-64:ff9b::ffff:ffff
denied-peer-ip=fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff
denied-peer-ip=fe80::-febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff
# A visit needs a few allocations per person; these bound what one credential can hold.
user-quota=12
total-quota=1200
stale-nonce=600
simple-log
syslog
CONF
chmod 0640 /etc/turnserver.conf
chgrp turnserver /etc/turnserver.conf

# Port 443 without root.
install -d /etc/systemd/system/coturn.service.d
printf '[Service]\nAmbientCapabilities=CAP_NET_BIND_SERVICE\n' >/etc/systemd/system/coturn.service.d/port-443.conf
sed -i 's/^#\?TURNSERVER_ENABLED=.*/TURNSERVER_ENABLED=1/' /etc/default/coturn 2>/dev/null || true
systemctl daemon-reload
systemctl enable --now coturn
systemctl restart coturn

# Daily, the certificate the relay serves, as a client sees it. certbot renews it 30 days before
# it ends and Let's Encrypt no longer mails before expiry, so this entry is the warning: with 21
# days left renewal has failed for 9 days (the 'TURN relay certificate' alert, ops/monitoring.sh).
cat >/usr/local/bin/turn-certificate-check <<CHECK
#!/bin/sh
DAYS=21
CERT=\$(openssl s_client -connect $PRIVATE_IP:443 -servername $HOST </dev/null 2>/dev/null | openssl x509 2>/dev/null)
if [ -z "\$CERT" ]; then
  gcloud logging write turn-certificate "TURN relay $HOST: no certificate on port 443 (is coturn running?)" --severity=ERROR
elif ! echo "\$CERT" | openssl x509 -noout -checkend \$((DAYS * 86400)) >/dev/null; then
  gcloud logging write turn-certificate "TURN relay $HOST: its certificate ends \$(echo "\$CERT" | openssl x509 -noout -enddate | cut -d= -f2), in under \$DAYS days (certbot renew failed: journalctl -u certbot)" --severity=ERROR
fi
CHECK
chmod 0755 /usr/local/bin/turn-certificate-check
printf '[Unit]\nDescription=The TURN relay certificate check\n[Service]\nType=oneshot\nExecStart=/usr/local/bin/turn-certificate-check\n' \
  >/etc/systemd/system/turn-certificate-check.service
printf '[Unit]\nDescription=The TURN relay certificate check, daily\n[Timer]\nOnCalendar=daily\nRandomizedDelaySec=1h\nPersistent=true\n[Install]\nWantedBy=timers.target\n' \
  >/etc/systemd/system/turn-certificate-check.timer
systemctl daemon-reload
systemctl enable --now turn-certificate-check.timer
