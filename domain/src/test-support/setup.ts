// Every test sees the whole English catalogue, as the server and every screen after the login do.
import { loadLaterTexts } from '../messages';

await loadLaterTexts();
