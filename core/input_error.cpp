#include "core/input_error.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace patience {

std::string read_text_file(const std::string& path) {
    if (path == "-") {
        std::ostringstream text;
        text << std::cin.rdbuf();
        return text.str();
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        throw InputError(path + ": cannot read file: it is a directory");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open file: " + std::strerror(errno));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw InputError(path + ": cannot read file: " + std::strerror(errno));
    return text.str();
}

}  // namespace patience
