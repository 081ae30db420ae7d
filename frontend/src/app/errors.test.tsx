import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CrashScreen, errorChain } from './errors';

describe('crash screen', () => {
  it('shows the error and its chain of causes', () => {
    const error = new Error('Cannot render the table', { cause: new TypeError('x is undefined', { cause: 'root' }) });
    expect(errorChain(error)).toEqual(['Error: Cannot render the table', 'TypeError: x is undefined', 'root']);
    render(<CrashScreen error={error} onTryAgain={() => {}} />);
    expect(screen.getByRole('heading', { name: 'This page crashed.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('TypeError: x is undefined')).toBeTruthy();
  });
});
