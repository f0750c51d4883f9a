/**
 * Published keystore files the tests read (keystore.test.ts, hot-wallet.test.ts): test keys that
 * hold nothing anywhere, printed in the Web3 Secret Storage Definition and go-ethereum's test data.
 */

/** The Definition's PBKDF2 example: password "testpassword", key 0x7a28…fe9d. */
export const PBKDF2_VECTOR = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '6087dab2f9fdbbfaddc31a909735c1e6' },
    ciphertext: '5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46',
    kdf: 'pbkdf2',
    kdfparams: {
      c: 262144,
      dklen: 32,
      prf: 'hmac-sha256',
      salt: 'ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd',
    },
    mac: '517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};

/** go-ethereum accounts/keystore/testdata/keystore/aaa: scrypt N = 8, r = 8, p = 16; password "foobar". */
export const GETH_SCRYPT_KEYSTORE = {
  address: 'f466859ead1932d743d622cb74fc058882e8648a',
  crypto: {
    cipher: 'aes-128-ctr',
    ciphertext: 'cb664472deacb41a2e995fa7f96fe29ce744471deb8d146a0e43c7898c9ddd4d',
    cipherparams: { iv: 'dfd9ee70812add5f4b8f89d0811c9158' },
    kdf: 'scrypt',
    kdfparams: {
      dklen: 32,
      n: 8,
      p: 16,
      r: 8,
      salt: '0d6769bf016d45c479213990d6a08d938469c4adad8a02ce507b4a4e7b7739f1',
    },
    mac: 'bac9af994b15a45dd39669fc66f9aa8a3b9dd8c22cb16e4d8d7ea089d0f1a1a9',
  },
  id: '472e8b3d-afb6-45b5-8111-72c89895099a',
  version: 3,
};
