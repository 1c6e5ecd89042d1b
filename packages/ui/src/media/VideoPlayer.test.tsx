// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { VideoPlayer } from './VideoPlayer.js';
import { renderWithUi } from '../testing/render.js';

afterEach(cleanup);

const videoElement = () => screen.getByLabelText(/^(Video|Vidéo) walkaround\.mp4$/) as HTMLVideoElement;

describe('VideoPlayer', () => {
  it('plays the signed URL with the browser player and shows the duration it was given', () => {
    renderWithUi(<VideoPlayer video={{ url: '/v2/files/v?expires=1&signature=s', name: 'walkaround.mp4', duration: 65 }} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'walkaround.mp4' })).toBeTruthy();
    const video = videoElement();
    expect(video.getAttribute('src')).toBe('/v2/files/v?expires=1&signature=s');
    expect(video.controls).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(screen.getByTestId('video-duration').textContent).toBe('Duration 1:05');
  });

  it("reads the duration from the browser's metadata when it was not given, in French", () => {
    renderWithUi(<VideoPlayer video={{ url: '/v2/files/v', name: 'walkaround.mp4' }} onClose={() => {}} />, { language: 'fr' });
    expect(screen.getByTestId('video-duration').textContent).toBe('Durée inconnue');
    const video = videoElement();
    Object.defineProperty(video, 'duration', { value: 42.7, configurable: true });
    fireEvent(video, new Event('loadedmetadata'));
    expect(screen.getByTestId('video-duration').textContent).toBe('Durée 0:42');
  });

  it('says when the video cannot be played, and closes', () => {
    const onClose = vi.fn();
    renderWithUi(<VideoPlayer video={{ url: '/v2/files/v', name: 'walkaround.mp4' }} onClose={onClose} />);
    fireEvent(videoElement(), new Event('error'));
    expect(screen.getByRole('alert').textContent).toContain('This video cannot be played on this device.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is closed without a video', () => {
    renderWithUi(<VideoPlayer video={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
