import type { ThemeRegistrationRaw, ShikiTransformer } from 'shiki';
export const sgsTheme: ThemeRegistrationRaw;
export const classTransformer: ShikiTransformer;
