import { api, type SessionUser } from '@kinfolio/ui-kit';
import {
  attachProfileImage,
  keepProfileImage,
  PROFILE_IMAGE_NOT_IMAGE,
  profileImageError,
  takeProfileImage,
} from './profileImage';

const advisor = { id: 'u1', type: 'advisor', email: 'ada@example.com', profile_image: null } as SessionUser;
const png = () => new File(['x'], 'me.png', { type: 'image/png' });

describe('the sign-up profile image', () => {
  let post: jest.SpyInstance;
  let patch: jest.SpyInstance;
  beforeEach(() => {
    post = jest.spyOn(api, 'post');
    patch = jest.spyOn(api, 'patch');
    keepProfileImage('', null);
  });
  afterEach(() => jest.restoreAllMocks());

  it('takes images of the media upload types only, up to 10 MB', () => {
    expect(profileImageError(png())).toBeNull();
    expect(profileImageError(new File(['x'], 'me.WEBP', { type: 'image/webp' }))).toBeNull();
    expect(profileImageError(new File(['x'], 'clip.mp4', { type: 'video/mp4' }))).toBe(PROFILE_IMAGE_NOT_IMAGE);
    expect(profileImageError(new File(['x'], 'cv.pdf', { type: 'application/pdf' }))).toBe(
      'Only .jpg, .jpeg, .png, .webp or video files can be uploaded.',
    );
  });

  it('is handed out once, to the same e-mail (any case)', () => {
    const f = png();
    keepProfileImage('Ada@Example.com ', f);
    expect(takeProfileImage('someone@example.com')).toBeNull();
    expect(takeProfileImage('ada@example.com')).toBe(f);
    expect(takeProfileImage('ada@example.com')).toBeNull();
  });

  it('does nothing without a kept image, for a customer, or when the advisor already has an image', async () => {
    expect(await attachProfileImage(advisor)).toBeNull();
    keepProfileImage('ada@example.com', png());
    expect(await attachProfileImage({ ...advisor, profile_image: 'storage/user/media/u1/1.png' })).toBeNull();
    keepProfileImage('ada@example.com', png());
    expect(await attachProfileImage({ ...advisor, type: 'customer' })).toBeNull();
    expect(post).not.toHaveBeenCalled();
    expect(patch).not.toHaveBeenCalled();
  });

  it('saves nothing when the upload fails, and answers the updated user when it works', async () => {
    keepProfileImage('ada@example.com', png());
    post.mockRejectedValueOnce(new Error('down'));
    expect(await attachProfileImage(advisor)).toBeNull();
    expect(patch).not.toHaveBeenCalled();

    const key = 'storage/user/media/u1/2.png';
    keepProfileImage('ada@example.com', png());
    post.mockResolvedValueOnce({ url: `https://bucket.s3.example.com/${key}?X-Amz=1`, key, content_type: 'image/png' });
    (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({ ok: true, status: 200 }));
    patch.mockResolvedValueOnce({ ...advisor, profile_image: key });
    expect(await attachProfileImage(advisor)).toEqual({ ...advisor, profile_image: key });
    expect(patch).toHaveBeenCalledWith('user/update', { user_id: 'u1', profile_image: key });
    // a profile image is the one kind of upload anyone may read (issue 10 item 4)
    expect(post).toHaveBeenCalledWith('files/signed-upload', expect.objectContaining({ purpose: 'profile_image' }));
  });
});
