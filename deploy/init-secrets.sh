#!/bin/sh
# Makes the compose kit's secrets once, as files in deploy/secrets/ (deploy/compose.yaml mounts
# them; nothing goes into an image or the environment). Run from anywhere: sh deploy/init-secrets.sh
# A file that exists is kept: running it again changes nothing. Afterwards:
#   - put your Firebase service-account key at secrets/firebase-service-account.json;
#   - for a live site, write your SMTP server into secrets/smtp_url
#     (smtps://user:password@smtp.example.com:465); it starts as the trial's Mailpit.
# Keep secrets/ backed up with the database: gemini_keys_secret decrypts the stored Gemini keys
# and PayPal secret.
set -eu
cd "$(dirname "$0")"
umask 077
mkdir -p secrets
# The containers' users (the API's and the renderer's uid 1000, MongoDB's) read these files
# through the mount; the folder itself stays yours alone.
chmod 700 secrets

random() { od -An -N "$1" -tx1 /dev/urandom | tr -d ' \n'; }

make() {
  name=$1
  shift
  if [ -e "secrets/$name" ]; then
    echo "kept    secrets/$name"
    return
  fi
  "$@" > "secrets/$name"
  chmod 644 "secrets/$name"
  echo "made    secrets/$name"
}

make mongo_root_password random 24
make mongo_app_password random 24
# A replica set's members prove themselves to each other with this key (base64, 6 to 1024 chars).
make mongo_keyfile sh -c 'od -An -N 512 -tx1 /dev/urandom | tr -d " \n" | head -c 1000; echo'
make mongodb_uri sh -c "printf 'mongodb://coldmail:%s@mongo:27017/coldmail?replicaSet=rs0&authSource=coldmail\n' \"\$(cat secrets/mongo_app_password)\""
make gemini_keys_secret random 32
make renderer_token random 32
make smtp_url echo 'smtp://mail:1025'

if [ ! -e secrets/firebase-service-account.json ]; then
  echo "missing secrets/firebase-service-account.json: your Firebase project's service-account key (deploy/README.md, Firebase)"
fi
