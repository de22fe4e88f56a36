import {
  MAX_UPLOAD_BYTES,
  profileUpdateBodySchema,
  UPLOAD_NOT_IMAGE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadImageTypes,
  type ProfileUpdateBody,
  type UserRecord,
} from '@coldmail/contracts';
import { useMutation } from '@coldmail/query';
import { answeredWithoutMessage, api, useSession } from '@coldmail/session';
import { Button, Card, FormGrid, FormRow, TextArea, TextField, toast } from '@coldmail/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import styles from './ProfileSettingsForm.module.css';

// The form edits every field at once; the API schema has them optional, the form needs a name.
const profileFormSchema = profileUpdateBodySchema.required({ userName: true }).extend({
  aboutMe: z.string().trim().max(1000, 'At most 1000 characters'),
});
type ProfileForm = z.input<typeof profileFormSchema>;

function formValuesOf(profile: UserRecord): ProfileForm {
  return {
    userName: profile.userName,
    aboutMe: profile.aboutMe ?? '',
    address: profile.address ?? '',
    city: profile.city ?? '',
    country: profile.country ?? '',
    phone: profile.phone ?? '',
    profileURL: profile.profileURL ?? null,
  };
}

/**
 * The signed-in user's photo card (Change Photo, Remove Photo) and Personal Information form, as
 * the spec gives them on /update-profile and in the back office's Settings > Account. Saving
 * makes the user's record stale, so every screen shows the new name and photo.
 */
export function ProfileSettingsForm({ profile }: { profile: UserRecord }) {
  const fallbackPhoto = useSession((state) => state.user?.photoURL ?? null);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: formValuesOf(profile),
  });
  const { errors, isSubmitting } = form.formState;
  const photo = form.watch('profileURL');
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return api.uploads.upload({ body });
    },
    onSuccess: ({ file }) => {
      form.setValue('profileURL', file.url, { shouldDirty: true });
      toast.success('Image uploaded successfully!');
    },
    onError: () => toast.error('Failed to upload image.'),
    onSettled: () => {
      if (fileInput.current) fileInput.current.value = '';
    },
  });
  const update = useMutation({
    mutationFn: (body: ProfileUpdateBody) =>
      api.users.updateProfile({ params: { id: profile._id }, body }),
    onSuccess: (updated) => {
      form.reset(formValuesOf(updated));
      toast.success('Profile updated successfully!');
    },
    onError: (error) =>
      toast.error(
        !error.status
          ? 'An error occurred while updating your profile.'
          : answeredWithoutMessage(error)
            ? 'Failed to update profile.'
            : `Failed to update profile: ${error.message}`,
      ),
  });

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    // The file picker only suggests images; a dropped or pasted file can be anything.
    if (!(uploadImageTypes as readonly string[]).includes(file.type)) {
      toast.error(UPLOAD_NOT_IMAGE_MESSAGE);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast.error(UPLOAD_TOO_LARGE_MESSAGE);
      return;
    }
    upload.mutate(file);
  };

  // The form stays busy ('Saving...') until the answer; a failure has been told by onError.
  const save = form.handleSubmit((values) => update.mutateAsync(values).catch(() => undefined));

  const shownPhoto = photo ?? fallbackPhoto;
  return (
    <form className={styles.layout} onSubmit={save} noValidate>
      <Card title="Profile Photo" className={styles.photoCard}>
        <div className={styles.photoBody}>
          {shownPhoto ? (
            <img className={styles.avatar} src={shownPhoto} alt="Profile" />
          ) : (
            <span className={styles.placeholder} aria-hidden="true">
              {profile.userName.slice(0, 1).toUpperCase() || '?'}
            </span>
          )}
          <input
            ref={fileInput}
            className={styles.fileInput}
            type="file"
            accept={uploadImageTypes.join(',')}
            aria-label="Profile photo file"
            onChange={(event) => choosePhoto(event.target.files?.[0])}
          />
          <Button
            variant="secondary"
            loading={upload.isPending}
            loadingText="Uploading..."
            onClick={() => fileInput.current?.click()}
          >
            Change Photo
          </Button>
          <Button
            variant="ghost"
            disabled={!photo || upload.isPending}
            onClick={() => form.setValue('profileURL', null, { shouldDirty: true })}
          >
            Remove Photo
          </Button>
          <p className={styles.hint}>JPG, PNG, GIF or WebP, at most 2 MB.</p>
        </div>
      </Card>
      <Card title="Personal Information">
        <FormGrid>
          <TextField
            label="Full Name"
            required
            error={errors.userName?.message}
            {...form.register('userName')}
          />
          <TextField
            label="Email Address"
            type="email"
            value={profile.userEmail}
            readOnly
            hint="Email address cannot be changed"
          />
          <FormRow>
            <TextArea
              label="About Me"
              rows={4}
              error={errors.aboutMe?.message}
              {...form.register('aboutMe')}
            />
          </FormRow>
          <FormRow>
            <TextField
              label="Address"
              error={errors.address?.message}
              {...form.register('address')}
            />
          </FormRow>
          <TextField
            label="Phone Number"
            type="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField label="City" error={errors.city?.message} {...form.register('city')} />
          <TextField
            label="Country"
            error={errors.country?.message}
            {...form.register('country')}
          />
        </FormGrid>
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting} loadingText="Saving...">
            Save Changes
          </Button>
        </div>
      </Card>
    </form>
  );
}
