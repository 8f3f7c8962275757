// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import crypto from 'node:crypto';
import { ERRORS, authRoutes } from '@hanlin/shared';
import LoginPage from './LoginPage';

const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const decrypt = (b64: string) =>
  crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');

function signIn(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('login page', () => {
  it('sends the trimmed name and the password encrypted with the server key, then opens the management end', async () => {
    session.clear();
    const api = fakeApi()
      .on(authRoutes.publicKey, { publicKey, signSalt: 's' })
      .on(
        authRoutes.login,
        (input) =>
          ({
            ...sample(authRoutes.login.response),
            access_token: 'tok',
            user: { ...sample(authRoutes.login.response).user, id: 3, operateAuth: ['kcgl'] },
            _sent: input,
          }) as never,
      );
    const view = renderAt('/list', () => <LoginPage />);
    await screen.findByTestId('login-form');
    signIn('  admin ', 'S3cret!pass');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
    const sent = api.last(authRoutes.login)!;
    expect(sent).toMatchObject({ username: 'admin', entry: 'manage' });
    expect(decrypt(String(sent.password))).toBe('S3cret!pass');
    expect(session.get()).toMatchObject({ token: 'tok', operateAuth: ['kcgl'] });
  });

  it('a refused password is said and the page stays', async () => {
    session.clear();
    fakeApi().on(authRoutes.publicKey, { publicKey, signSalt: 's' }).fail(authRoutes.login, 'LOGIN_ERROR_NOT_MATCH');
    const view = renderAt('/list', () => <LoginPage />);
    await screen.findByTestId('login-form');
    signIn('admin', 'wrong');
    expect(await screen.findByText(ERRORS.LOGIN_ERROR_NOT_MATCH.text['zh-CN'])).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/list');
    expect(session.get().token).toBeNull();
  });
});
